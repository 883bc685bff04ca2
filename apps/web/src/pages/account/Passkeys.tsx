import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Empty, ErrorMessage } from '../../components/Messages';
import { Section } from '../../components/Section';
import { ListSkeleton } from '../../components/Skeleton';
import { useToast } from '../../components/Toasts';
import { addPasskey, suggestedPasskeyName } from '../../lib/passkey';
import { queries } from '../../lib/queries';
import { refusalOf } from '../../lib/query-client';
import { useAction } from '../../lib/use-action';
import { PasskeyItem } from './PasskeyItem';

/**
 * Account → Passkeys: one row a passkey (rename in a dialog, delete after a confirmation); "Add a passkey"
 * asks this device at once and names the passkey after it ("Chrome on macOS"), to rename later.
 */
export function Passkeys({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const passkeys = useQuery(queries.passkeys(userId));
  const add = useAction(() => addPasskey(suggestedPasskeyName()));
  // Straight after sign-up, the offer to add one.
  const signedUp = (useLocation().state as { signedUp?: boolean } | null)?.signedUp === true;

  const onAdd = async () => {
    const { data } = await add.run();
    // Said once, by the toast.
    if (data) toast(t('passkeys.added', { name: data.name ?? t('passkeys.fallbackName') }));
  };

  const list = passkeys.data;
  return (
    <Section title={t('passkeys.title')} description={t('passkeys.description')}>
      <ErrorMessage error={refusalOf(passkeys.error)} />
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
      <ErrorMessage error={add.error} />
      <div className="section-footer">
        <span className="muted">{t('passkeys.nameHint')}</span>
        <button type="button" onClick={onAdd} disabled={add.pending}>
          {t('passkeys.add')}
        </button>
      </div>
    </Section>
  );
}
