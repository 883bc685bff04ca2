import type { Session } from '../auth';
import type { ReactNode } from 'react';
import { formatDate } from '../lib/format';
import { parseUserAgent } from '../lib/user-agent';

/** One session: device, IP and times, with actions passed as children. */
export function SessionItem({
  session,
  current = false,
  children,
}: {
  session: Session;
  current?: boolean;
  children?: ReactNode;
}) {
  const { browser, os } = parseUserAgent(session.userAgent);
  return (
    <li className="list-item">
      <div>
        <p className="strong">
          {browser} on {os}
          {current ? <span className="badge ok">This device</span> : null}
        </p>
        <p className="muted">
          IP {session.ipAddress || 'unknown'} · Signed in {formatDate(session.createdAt)} · Expires{' '}
          {formatDate(session.expiresAt)}
        </p>
      </div>
      {children}
    </li>
  );
}
