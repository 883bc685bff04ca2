import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { auth } from '../../auth';
import { Field } from '../../components/Field';
import { Empty, ErrorMessage } from '../../components/Messages';
import { Section } from '../../components/Section';
import { useToast } from '../../components/Toasts';
import { addPasskey, suggestedPasskeyName } from '../../lib/passkey';
import { useServerQuery } from '../../lib/server-state';
import { useAction } from '../../lib/use-action';
import { PasskeyItem } from './PasskeyItem';
import { ListSkeleton } from '../../components/Skeleton';

/** Account → Passkeys: add one on this device (named after it), list, rename and delete them. */
export function Passkeys({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const passkeys = useServerQuery(`passkeys:${userId}`, () => auth.passkey.listUserPasskeys());
  const [name, setName] = useState(suggestedPasskeyName);
  const add = useAction(() => addPasskey(name.trim()));
  // Straight after sign-up, the offer to add one.
  const signedUp = (useLocation().state as { signedUp?: boolean } | null)?.signedUp === true;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { data } = await add.run();
    if (data) {
      // Said once, by the toast.
      toast(t('passkeys.added', { name: data.name ?? t('passkeys.fallbackName') }));
    }
  };

  const list = passkeys.data;
  return (
    <Section title={t('passkeys.title')} description={t('passkeys.description')}>
      <ErrorMessage error={passkeys.error} />
      {!list && !passkeys.error ? <ListSkeleton /> : null}
      {list && list.length === 0 ? <Empty>{t('passkeys.empty')}</Empty> : null}
      {signedUp && list?.length === 0 ? (
        <p role="note" className="message">
          {t('passkeys.afterSignUp')}
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
          label={t('passkeys.name')}
          hint={t('passkeys.nameHint')}
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
        />
        <ErrorMessage error={add.error} />
        <button type="submit" className="primary" disabled={add.pending}>
          {t('passkeys.add')}
        </button>
      </form>
    </Section>
  );
}
