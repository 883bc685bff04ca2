import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth, useSession } from '../../auth';
import { CopySecretDialog } from '../../components/CopySecretDialog';
import { Page } from '../../components/Page';
import { PasswordAction } from '../../components/PasswordAction';
import { Section } from '../../components/Section';
import { SettingRow } from '../../components/SettingRow';
import { useToast } from '../../components/Toasts';
import { BackupCodes } from './BackupCodes';
import { DisableTwoFactor } from './DisableTwoFactor';
import { TotpSetup } from './TotpSetup';

/** Backup codes shown once, with what just happened ("Two-factor authentication is on." / "New backup codes …"). */
interface FreshCodes {
  codes: string[];
  said: string;
}

/**
 * /two-factor as rows, like the rest of the account: the status with "Enable two-factor" (password,
 * then the authenticator's setup in a dialog) or "Disable two-factor" (a confirmation with the
 * password), and, when on, the backup codes with "Regenerate backup codes". New backup codes show
 * once in the copy-this-secret dialog, which also says what happened (said once, no toast).
 */
export function TwoFactorPage() {
  const { t } = useTranslation('account');
  const toast = useToast();
  const { data } = useSession();
  // Kept here, not in the dialogs: verifying flips twoFactorEnabled mid-flow.
  const [enrollment, setEnrollment] = useState<{ totpURI: string; backupCodes: string[] } | null>(null);
  const [fresh, setFresh] = useState<FreshCodes | null>(null);
  if (!data) return null;
  const enabled = Boolean(data.user.twoFactorEnabled);

  const onVerified = () => {
    if (enrollment) setFresh({ codes: enrollment.backupCodes, said: t('twoFactor.on') });
    setEnrollment(null);
  };

  return (
    <Page title={t('twoFactor.title')}>
      <p className="muted page-intro">{t('twoFactor.intro')}</p>
      <Section title={t('twoFactor.app')}>
        <SettingRow
          label={t('twoFactor.statusLabel')}
          value={
            <span className="status-value">
              <span className={enabled ? 'status-icon ok' : 'status-icon warn'} aria-hidden="true">
                {enabled ? <ShieldCheck size={18} /> : <ShieldOff size={18} />}
              </span>
              <span className={enabled ? 'badge ok' : 'badge warn'}>{enabled ? t('twoFactor.statusOn') : t('twoFactor.statusOff')}</span>
            </span>
          }
          hint={enabled ? t('twoFactor.explainOn') : t('twoFactor.explainOff')}
          action={
            enabled ? (
              <DisableTwoFactor
                onDone={() => {
                  setFresh(null);
                  toast(t('twoFactor.off'));
                }}
              />
            ) : (
              <PasswordAction
                label={t('twoFactor.enable')}
                passwordLabel={t('twoFactor.password')}
                description={t('twoFactor.enableDescription')}
                run={(password) => auth.twoFactor.enable({ password })}
                onDone={(answer) => {
                  setFresh(null);
                  setEnrollment(answer);
                }}
              />
            )
          }
        />
        {enabled ? (
          <SettingRow
            label={t('backupCodes.title')}
            value={t('twoFactor.backupValue')}
            hint={t('twoFactor.regenerateHint')}
            action={
              <PasswordAction
                label={t('twoFactor.regenerate')}
                passwordLabel={t('twoFactor.password')}
                description={t('twoFactor.regenerateHint')}
                run={(password) => auth.twoFactor.generateBackupCodes({ password })}
                onDone={(answer) => setFresh({ codes: answer.backupCodes, said: t('twoFactor.regenerated') })}
              />
            }
          />
        ) : null}
      </Section>
      <TotpSetup totpURI={enrollment?.totpURI ?? null} onVerified={onVerified} onClose={() => setEnrollment(null)} />
      {/* Shown once, in the copy-this-secret dialog: "I have saved it" closes it for good. */}
      <CopySecretDialog
        open={fresh !== null}
        title={t('backupCodes.title')}
        message={fresh ? `${fresh.said} ${t('backupCodes.body')}` : ''}
        secrets={[]}
        onClose={() => setFresh(null)}
      >
        {fresh ? <BackupCodes codes={fresh.codes} /> : null}
      </CopySecretDialog>
    </Page>
  );
}
