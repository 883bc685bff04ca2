import type { Session } from '../auth';
import type { ReactNode } from 'react';
import { Monitor, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/format';
import { parseUserAgent, UNKNOWN_BROWSER, UNKNOWN_SYSTEM } from '../lib/user-agent';

const PHONES = new Set(['iOS', 'Android']);

/** "Chrome 120 on macOS" in the app's language, for a session's User-Agent. */
export function useDeviceName(): (userAgent: string | null | undefined) => string {
  const { t } = useTranslation('account');
  return (userAgent) => {
    const { browser, os } = parseUserAgent(userAgent);
    return t('session.device', {
      browser: browser === UNKNOWN_BROWSER ? t('session.unknownBrowser') : browser,
      os: os === UNKNOWN_SYSTEM ? t('session.unknownSystem') : os,
    });
  };
}

/** One session: device, IP and times, with actions passed as children. */
export function SessionItem({ session, current = false, children }: { session: Session; current?: boolean; children?: ReactNode }) {
  const { t } = useTranslation('account');
  const deviceName = useDeviceName();
  const Icon = PHONES.has(parseUserAgent(session.userAgent).os) ? Smartphone : Monitor;
  return (
    <li className={current ? 'list-item session-item current' : 'list-item session-item'}>
      <span className="session-icon" aria-hidden="true">
        <Icon size={20} />
      </span>
      <div className="session-text">
        <p className="strong">
          {deviceName(session.userAgent)}
          {current ? <span className="badge ok">{t('session.thisDevice')}</span> : null}
        </p>
        <p className="muted">
          {t('session.details', {
            ip: session.ipAddress || t('session.unknownIp'),
            created: formatDate(session.createdAt),
            expires: formatDate(session.expiresAt),
          })}
        </p>
      </div>
      {children}
    </li>
  );
}
