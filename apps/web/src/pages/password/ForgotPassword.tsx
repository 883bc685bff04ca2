import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { auth } from '../../auth';
import { Field } from '../../components/Field';
import { ErrorMessage, Notice } from '../../components/Messages';
import { Page } from '../../components/Page';
import { useServerInfo } from '../../lib/providers';
import { appURL } from '../../lib/redirect';
import { useAction } from '../../lib/use-action';
import { ResetWithCode } from './ResetWithCode';

export function ForgotPassword() {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [byCode, setByCode] = useState(false);
  const { features } = useServerInfo();
  const request = useAction(() =>
    auth.forgetPassword({ email: email.trim(), redirectTo: appURL('/reset-password') }),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { error } = await request.run();
    if (!error) setSentTo(email.trim());
  };

  if (byCode && features.emailOTP) {
    return (
      <Page title="Forgot password">
        <ResetWithCode onCancel={() => setByCode(false)} />
        <p className="muted">
          <Link to="/sign-in">Back to sign in</Link>
        </p>
      </Page>
    );
  }

  return (
    <Page title="Forgot password">
      <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
      <form onSubmit={submit} className="form">
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <ErrorMessage error={request.error} />
        <button type="submit" className="primary wide" disabled={request.pending}>
          Send reset link
        </button>
      </form>
      {/* The server answers the same for unknown addresses, so this must not claim an account exists. */}
      {sentTo ? (
        <Notice>Check your email: if an account exists for {sentTo}, a reset link has been sent to it.</Notice>
      ) : null}
      {features.emailOTP ? (
        <button type="button" className="link" onClick={() => setByCode(true)}>
          Reset with a code instead
        </button>
      ) : null}
      <p className="muted">
        <Link to="/sign-in">Back to sign in</Link>
      </p>
    </Page>
  );
}
