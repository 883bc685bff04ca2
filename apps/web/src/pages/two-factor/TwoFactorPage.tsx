import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth, useSession } from '../../auth';
import { Page } from '../../components/Page';
import { PasswordAction } from '../../components/PasswordAction';
import { Section } from '../../components/Section';
import { useToast } from '../../components/Toasts';
import { CopySecretDialog } from '../../components/CopySecretDialog';
import { BackupCodes } from './BackupCodes';
import { DisableTwoFactor } from './DisableTwoFactor';
import { TotpSetup } from './TotpSetup';

interface Enrollment {
  totpURI: string;
  backupCodes: string[];
}

export function TwoFactorPage() {
  const { t } = useTranslation('account');
  const toast = useToast();
  const { data } = useSession();
  // Kept here, not in the steps: verifying flips twoFactorEnabled mid-flow.
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);
  if (!data) return null;
  const enabled = Boolean(data.user.twoFactorEnabled);

  const onVerified = () => {
    setFreshCodes(enrollment?.backupCodes ?? null);
    setEnrollment(null);
    // Said once, by the toast; the status badge above shows it too.
    toast(t('twoFactor.on'));
  };

  return (
    <Page title={t('twoFactor.title')}>
      <p className="muted page-intro">{t('twoFactor.intro')}</p>
      <Section title={t('twoFactor.app')}>
        <div className="status-row">
          <span className={enabled ? 'status-icon ok' : 'status-icon warn'} aria-hidden="true">
            {enabled ? <ShieldCheck size={22} /> : <ShieldOff size={22} />}
          </span>
          <p>
            {t('twoFactor.status')} <span className={enabled ? 'badge ok' : 'badge warn'}>{enabled ? t('twoFactor.statusOn') : t('twoFactor.statusOff')}</span>
          </p>
        </div>
        <p className="muted">{enabled ? t('twoFactor.explainOn') : t('twoFactor.explainOff')}</p>
        {enrollment ? (
          <TotpSetup totpURI={enrollment.totpURI} onVerified={onVerified} />
        ) : enabled ? null : (
          <PasswordAction
            label={t('twoFactor.enable')}
            passwordLabel={t('twoFactor.password')}
            run={(password) => auth.twoFactor.enable({ password })}
            onDone={(answer) => {
              setFreshCodes(null);
              setEnrollment(answer);
            }}
          />
        )}
        {/* Shown once, in the copy-this-secret dialog: "I have saved it" closes it for good. */}
        <CopySecretDialog
          open={freshCodes !== null}
          title={t('backupCodes.title')}
          message={t('backupCodes.body')}
          secrets={[]}
          onClose={() => setFreshCodes(null)}
        >
          {freshCodes ? <BackupCodes codes={freshCodes} inDialog /> : null}
        </CopySecretDialog>
      </Section>
      {enabled && !enrollment ? (
        <Section title={t('twoFactor.manage')}>
          <div className="stack">
            <p className="muted">{t('twoFactor.regenerateHint')}</p>
            <PasswordAction
              label={t('twoFactor.regenerate')}
              passwordLabel={t('twoFactor.password')}
              run={(password) => auth.twoFactor.generateBackupCodes({ password })}
              onDone={(answer) => {
                setFreshCodes(answer.backupCodes);
                toast(t('twoFactor.regenerated'));
              }}
            />
            <DisableTwoFactor
              onDone={() => {
                setFreshCodes(null);
                toast(t('twoFactor.off'));
              }}
            />
          </div>
        </Section>
      ) : null}
    </Page>
  );
}
