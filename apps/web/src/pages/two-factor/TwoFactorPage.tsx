import { useState } from 'react';
import { auth, useSession } from '../../auth';
import { Notice } from '../../components/Messages';
import { Page } from '../../components/Page';
import { PasswordAction } from '../../components/PasswordAction';
import { Section } from '../../components/Section';
import { BackupCodes } from './BackupCodes';
import { TotpSetup } from './TotpSetup';

interface Enrollment {
  totpURI: string;
  backupCodes: string[];
}

export function TwoFactorPage() {
  const { data } = useSession();
  // Kept here, not in the steps: verifying flips twoFactorEnabled mid-flow.
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  if (!data) return null;
  const enabled = Boolean(data.user.twoFactorEnabled);

  const onVerified = () => {
    setFreshCodes(enrollment?.backupCodes ?? null);
    setEnrollment(null);
    setNotice('Two-factor authentication is on.');
  };

  return (
    <Page title="Two-factor">
      <Section title="Authenticator app">
        <p>
          Status: <span className={enabled ? 'badge ok' : 'badge warn'}>{enabled ? 'On' : 'Off'}</span>
        </p>
        <Notice>{notice}</Notice>
        {enrollment ? (
          <TotpSetup totpURI={enrollment.totpURI} onVerified={onVerified} />
        ) : enabled ? null : (
          <PasswordAction
            label="Enable two-factor"
            run={(password) => auth.twoFactor.enable({ password })}
            onDone={(answer) => {
              setNotice(null);
              setFreshCodes(null);
              setEnrollment(answer);
            }}
          />
        )}
        {freshCodes ? <BackupCodes codes={freshCodes} /> : null}
      </Section>
      {enabled && !enrollment ? (
        <Section title="Manage two-factor">
          <div className="stack">
            <PasswordAction
              label="Regenerate backup codes"
              run={(password) => auth.twoFactor.generateBackupCodes({ password })}
              onDone={(answer) => {
                setNotice('New backup codes were generated; the old ones no longer work.');
                setFreshCodes(answer.backupCodes);
              }}
            />
            <PasswordAction
              label="Disable two-factor"
              danger
              run={(password) => auth.twoFactor.disable({ password })}
              onDone={() => {
                setFreshCodes(null);
                setNotice('Two-factor authentication is off.');
              }}
            />
          </div>
        </Section>
      ) : null}
    </Page>
  );
}
