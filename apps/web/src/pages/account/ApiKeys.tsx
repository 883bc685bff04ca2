import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { CopyField } from '../../components/CopyField';
import { Field } from '../../components/Field';
import { Empty, ErrorMessage } from '../../components/Messages';
import { Section } from '../../components/Section';
import { useToast } from '../../components/Toasts';
import { fieldErrors } from '../../lib/field-errors';
import { useServerQuery } from '../../lib/server-state';
import { useAction } from '../../lib/use-action';
import { ApiKeyItem } from './ApiKeyItem';
import { ListSkeleton } from '../../components/Skeleton';

const DAY = 86_400;

/** The expiries offered, in seconds (null: never); the server's default bounds are 1 to 365 days. */
const EXPIRIES = [
  { key: 'days7', seconds: 7 * DAY },
  { key: 'days30', seconds: 30 * DAY },
  { key: 'days90', seconds: 90 * DAY },
  { key: 'year1', seconds: 365 * DAY },
  { key: 'never', seconds: null },
] as const;

type ExpiryKey = (typeof EXPIRIES)[number]['key'];

/** Account → API keys: create one (shown once, with a copy button), list them, delete after a confirmation. */
export function ApiKeys({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const keys = useServerQuery(`api-keys:${userId}`, () => auth.apiKey.list());
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState<ExpiryKey>('days30');
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const expiryId = useId();
  const create = useAction(() => {
    const chosen = EXPIRIES.find((e) => e.key === expiry);
    return auth.apiKey.create({ name: name.trim(), expiresIn: chosen?.seconds ?? null });
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setCreated(null);
    const { data } = await create.run();
    if (data) {
      setCreated({ name: data.name ?? t('apiKeys.fallbackName'), key: data.key });
      setName('');
      toast(t('apiKeys.createdToast'));
    }
  };

  const list = keys.data?.apiKeys;
  return (
    <Section title={t('apiKeys.title')}>
      <p>
        {t('apiKeys.descriptionBefore')}
        <code>x-api-key</code>
        {t('apiKeys.descriptionAfter')}
      </p>
      <ErrorMessage error={keys.error} />
      {!list && !keys.error ? <ListSkeleton /> : null}
      {list && list.length === 0 ? <Empty>{t('apiKeys.empty')}</Empty> : null}
      {list && list.length > 0 ? (
        <ul className="list">
          {list.map((key) => (
            <ApiKeyItem key={key.id} apiKey={key} />
          ))}
        </ul>
      ) : null}
      {created ? (
        <div className="message" role="status">
          <p className="strong">{t('apiKeys.createdOnce', { name: created.name })}</p>
          <CopyField label={t('apiKeys.keyLabel')} copyLabel={t('apiKeys.copy')} value={created.key} />
          <button type="button" onClick={() => setCreated(null)}>
            {t('apiKeys.done')}
          </button>
        </div>
      ) : null}
      <form onSubmit={submit} className="form">
        <h3>{t('apiKeys.newTitle')}</h3>
        <Field
          label={t('apiKeys.name')}
          value={name}
          required
          maxLength={32}
          placeholder={t('apiKeys.namePlaceholder')}
          error={fieldErrors(create.error).name}
          onChange={(e) => setName(e.target.value)}
        />
        <div className="field">
          <label htmlFor={expiryId}>{t('apiKeys.expiresAfter')}</label>
          <select id={expiryId} value={expiry} onChange={(e) => setExpiry(e.target.value as ExpiryKey)}>
            {EXPIRIES.map((e) => (
              <option key={e.key} value={e.key}>
                {t(`apiKeys.expiry.${e.key}`)}
              </option>
            ))}
          </select>
        </div>
        <ErrorMessage error={create.error} fieldsShown />
        <button type="submit" className="primary" disabled={create.pending}>
          {t('apiKeys.create')}
        </button>
      </form>
    </Section>
  );
}
