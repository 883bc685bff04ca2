import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { fieldErrors } from '../../lib/field-errors';
import { magicLinkLandings } from '../../lib/magic-link';
import { useAction } from '../../lib/use-action';

interface Props {
  /** The app page to continue to once signed in. */
  redirect: string;
  /** The address to start with (e.g. what the person typed in the password form). */
  initialEmail?: string;
  /** The button under the form, e.g. "Sign in with a password instead". */
  back?: { label: string; onClick: () => void };
  /** Focus the email field (when the person just chose this way to sign in). */
  autoFocus?: boolean;
}

/**
 * "Email me a sign-in link": an email field, then a "Check your mail" screen. The server answers
 * the same for every address, so the screen never says whether an account exists.
 */
export function MagicLinkRequest({ redirect, initialEmail = '', back, autoFocus = false }: Props) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState(initialEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useAction(() => auth.signIn.magicLink({ email: email.trim(), ...magicLinkLandings(redirect) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { error } = await request.run();
    if (!error) setSentTo(email.trim());
  };

  if (sentTo) {
    return (
      <div className="stack">
        <h2>{t('magicLink.checkMail')}</h2>
        <p role="status" className="message success">
          {t('magicLink.sent', { email: sentTo })}
        </p>
        <p>{t('magicLink.open')}</p>
        <p className="muted">{t('magicLink.nothing')}</p>
        <div className="actions">
          <button type="button" onClick={() => setSentTo(null)}>
            {t('magicLink.another')}
          </button>
          {back ? (
            <button type="button" className="link" onClick={back.onClick}>
              {back.label}
            </button>
          ) : null}
        </div>
      </div>
    );
  }

  return (
    <div className="stack">
      <form onSubmit={submit} className="form">
        <p className="muted">{t('magicLink.intro')}</p>
        <Field
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          autoFocus={autoFocus}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldErrors(request.error).email}
        />
        <FormError error={request.error} fieldsShown />
        <button type="submit" className="primary wide" disabled={request.pending}>
          {t('magicLink.send')}
        </button>
      </form>
      {back ? (
        <p>
          <button type="button" className="link" onClick={back.onClick}>
            {back.label}
          </button>
        </p>
      ) : null}
    </div>
  );
}
