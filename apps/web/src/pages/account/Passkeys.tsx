import { type FormEvent, useState } from 'react';
import { useLocation } from 'react-router';
import { auth } from '../../auth';
import { Field } from '../../components/Field';
import { Empty, ErrorMessage, Loading, Notice } from '../../components/Messages';
import { Section } from '../../components/Section';
import { addPasskey, suggestedPasskeyName } from '../../lib/passkey';
import { useServerQuery } from '../../lib/server-state';
import { useAction } from '../../lib/use-action';
import { PasskeyItem } from './PasskeyItem';

/** Account → Passkeys: add one on this device (named after it), list, rename and delete them. */
export function Passkeys({ userId }: { userId: string }) {
  const passkeys = useServerQuery(`passkeys:${userId}`, () => auth.passkey.listUserPasskeys());
  const [name, setName] = useState(suggestedPasskeyName);
  const [added, setAdded] = useState<string | null>(null);
  const add = useAction(() => addPasskey(name.trim()));
  // Straight after sign-up, the offer to add one.
  const signedUp = (useLocation().state as { signedUp?: boolean } | null)?.signedUp === true;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    const { data } = await add.run();
    if (data) setAdded(data.name ?? 'Passkey');
  };

  const list = passkeys.data;
  return (
    <Section title="Passkeys">
      <p>Sign in with your fingerprint, face or screen lock instead of a password.</p>
      <ErrorMessage error={passkeys.error} />
      {!list && !passkeys.error ? <Loading /> : null}
      {list && list.length === 0 ? <Empty>No passkeys yet.</Empty> : null}
      {signedUp && list?.length === 0 && !added ? (
        <p role="note" className="message">
          Your account is ready. Add a passkey now to sign in next time without your password.
        </p>
      ) : null}
      {list && list.length > 0 ? (
        <ul className="list">
          {list.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      ) : null}
      <form onSubmit={submit} className="form">
        <Field
          label="Passkey name"
          hint="Suggested from this device; you can change it later."
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
        />
        <ErrorMessage error={add.error} />
        <Notice>{added ? `Passkey "${added}" added.` : null}</Notice>
        <button type="submit" className="primary" disabled={add.pending}>
          Add a passkey
        </button>
      </form>
    </Section>
  );
}
