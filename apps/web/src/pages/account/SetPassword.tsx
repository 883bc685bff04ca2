import { useState } from 'react';
import { auth } from '../../auth';
import { ErrorMessage, Notice } from '../../components/Messages';
import { Section } from '../../components/Section';
import { appURL } from '../../lib/redirect';
import { useAction } from '../../lib/use-action';

/**
 * For a person who signs in only through a linked account: a password is set
 * through a mailed link (the same reset flow), proving the mailbox first.
 */
export function SetPassword({ email }: { email: string }) {
  const [sent, setSent] = useState(false);
  const send = useAction(() => auth.forgetPassword({ email, redirectTo: appURL('/reset-password') }));
  return (
    <Section title="Set a password">
      <p>You sign in with a linked account. To sign in with your email and a password as well, we can email you a link to set one.</p>
      <ErrorMessage error={send.error} />
      {sent ? <Notice>We sent a link to {email}. Follow it to set your password.</Notice> : null}
      <button
        type="button"
        disabled={send.pending}
        onClick={async () => {
          const { error } = await send.run();
          setSent(!error);
        }}
      >
        Email me a link to set a password
      </button>
    </Section>
  );
}
