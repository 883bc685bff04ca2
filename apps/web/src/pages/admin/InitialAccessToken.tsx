import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { CopySecretDialog } from '../../components/CopySecretDialog';
import { ErrorMessage } from '../../components/Messages';
import { Section } from '../../components/Section';
import { formatDate } from '../../lib/format';
import { useAction } from '../../lib/use-action';

/**
 * Dynamic client registration (RFC 7591): an admin issues an initial access token, shown once in a
 * dialog to copy, with which one developer registers a client at the provider's /oidc/register.
 * Refused in the server's words when the server has registration off.
 */
export function InitialAccessToken() {
  const { t } = useTranslation('sso');
  const [issued, setIssued] = useState<{ token: string; expiresAt: string } | null>(null);
  const issue = useAction(() => auth.oauth2.initialAccessToken(), { invalidates: [] });
  const endpoint = `${window.location.origin}/api/auth/oidc/register`;
  const run = async () => {
    const { data } = await issue.run();
    if (data) setIssued({ token: data.token, expiresAt: String(data.expiresAt) });
  };
  return (
    <Section title={t('registration.title')}>
      <p>{t('registration.intro')}</p>
      <p className="mono" style={{ overflowWrap: 'anywhere' }}>
        {endpoint}
      </p>
      <ErrorMessage error={issue.error} />
      <div className="actions">
        <button type="button" onClick={run} disabled={issue.pending}>
          {t('registration.issue')}
        </button>
      </div>
      <CopySecretDialog
        open={issued !== null}
        title={t('registration.dialogTitle')}
        message={issued ? t('registration.dialogIntro', { expires: formatDate(issued.expiresAt) }) : ''}
        secrets={issued ? [{ label: t('registration.token'), value: issued.token, copyLabel: t('registration.copy') }] : []}
        onClose={() => setIssued(null)}
      />
    </Section>
  );
}
