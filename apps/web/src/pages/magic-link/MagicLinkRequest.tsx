import { type FormEvent, useState } from 'react';
import { auth } from '../../auth';
import { Field } from '../../components/Field';
import { ErrorMessage } from '../../components/Messages';
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
        <h2>Check your mail</h2>
        <p role="status" className="message success">
          If {sentTo} can be used to sign in here, a sign-in link is on its way to it.
        </p>
        <p>Open the link in the mail to sign in. It works once, for a few minutes.</p>
        <p className="muted">
          Nothing arrived? Look in your spam folder, check the address, or ask for another link.
        </p>
        <div className="actions">
          <button type="button" onClick={() => setSentTo(null)}>
            Send another link
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
        <p>We will email you a link that signs you in, without a password.</p>
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          required
          autoFocus={autoFocus}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <ErrorMessage error={request.error} />
        <button type="submit" className="primary wide" disabled={request.pending}>
          Send sign-in link
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
