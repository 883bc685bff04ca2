import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { Field, PasswordField, Select } from '../../components/Field';
import { ErrorMessage } from '../../components/Messages';
import { Section } from '../../components/Section';
import { EMAIL_CODES, fieldErrors, formLevelError } from '../../lib/field-errors';
import { useFocusInvalid } from '../../lib/use-focus-invalid';
import { appURL } from '../../lib/redirect';
import { useAction } from '../../lib/use-action';
import { keys } from '../../lib/queries';

/** What happens to the new user's address: a mail proving it is theirs (the default), trust, or nothing yet. */
export type Verification = 'send' | 'mark' | 'none';
/** The outcome the console reports: `mail-failed` when the user exists but the verification mail was refused. */
export type Created = 'sent' | 'verified' | 'plain' | 'mail-failed';

/**
 * Creating a user, with what makes their first sign-in work where addresses must be verified:
 * like Clerk's and Logto's consoles, the admin either marks the address verified or has a
 * verification mail sent (whose link also tells the person their account exists).
 */
export function CreateUser({ onCreated, onClose }: { onCreated: (email: string, outcome: Created) => void; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState('user');
  const [verification, setVerification] = useState<Verification>('send');
  const create = useAction(
    () =>
      auth.admin.createUser({
        name: name.trim(),
        email: email.trim(),
        password,
        role,
        ...(verification === 'mark' ? { data: { emailVerified: true } } : {}),
      }),
    // A new user: the lists, the trail and the figures change.
    { invalidates: [keys.admin.users, keys.admin.audit, keys.admin.stats] },
  );
  // An address that already has an account is said under Email.
  const errors = fieldErrors(create.error, EMAIL_CODES);
  const form = useRef<HTMLFormElement>(null);
  useFocusInvalid(form, create.error);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { data } = await create.run();
    if (!data) return;
    const created = data.user.email;
    if (verification === 'mark') return onCreated(created, 'verified');
    if (verification === 'none') return onCreated(created, 'plain');
    const sent = await auth.sendVerificationEmail({ email: created, callbackURL: appURL('/verify-email') });
    onCreated(created, sent.error ? 'mail-failed' : 'sent');
  };

  return (
    <Section title={t('create.title')} focusOnMount>
      <form ref={form} onSubmit={submit} className="form">
        <ErrorMessage error={formLevelError(create.error, EMAIL_CODES)} fieldsShown />
        <Field label={t('create.name')} required value={name} error={errors.name} onChange={(e) => setName(e.target.value)} />
        <Field label={t('create.email')} type="email" required value={email} error={errors.email} onChange={(e) => setEmail(e.target.value)} />
        <PasswordField label={t('create.password')} autoComplete="new-password" value={password} error={errors.password} onChange={setPassword} />
        <Select
          label={t('create.role')}
          value={role}
          options={[
            { value: 'user', label: t('roleOption.user') },
            { value: 'admin', label: t('roleOption.admin') },
          ]}
          onChange={setRole}
        />
        <Select
          label={t('create.verification')}
          value={verification}
          options={[
            { value: 'send', label: t('create.verifySend') },
            { value: 'mark', label: t('create.verifyMark') },
            { value: 'none', label: t('create.verifyNone') },
          ]}
          onChange={(value) => setVerification(value as Verification)}
          hint={t('create.verificationHint')}
        />
        <div className="actions">
          <button type="submit" className="primary" disabled={create.pending}>
            {t('create.submit')}
          </button>
          <button type="button" onClick={onClose}>
            {t('create.cancel')}
          </button>
        </div>
      </form>
    </Section>
  );
}
