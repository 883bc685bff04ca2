import { type FormEvent, useState } from 'react';
import { auth } from '../auth';
import { appURL } from '../lib/redirect';
import { useAction } from '../lib/use-action';
import { Field } from './Field';
import { ErrorMessage, Notice } from './Messages';

/** "Send a new link": mails a fresh verification link, landing on the verification page. */
export function ResendVerification({ email: known }: { email?: string }) {
  const [email, setEmail] = useState(known ?? '');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useAction(() =>
    auth.sendVerificationEmail({ email: email.trim(), callbackURL: appURL('/verify-email') }),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSentTo(null);
    const { error } = await send.run();
    if (!error) setSentTo(email.trim());
  };

  return (
    <form onSubmit={submit} className="form">
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <ErrorMessage error={send.error} />
      {/* The server answers the same for unknown and verified addresses: claim nothing more. */}
      {sentTo ? (
        <Notice>
          If {sentTo} belongs to an account that is not verified yet, a new verification link has
          been sent to it.
        </Notice>
      ) : null}
      <button type="submit" className="primary wide" disabled={send.pending}>
        Send a new link
      </button>
    </form>
  );
}
