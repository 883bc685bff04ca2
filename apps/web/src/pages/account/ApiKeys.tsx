import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { CopySecretDialog } from '../../components/CopySecretDialog';
import { Field, Select } from '../../components/Field';
import { FormDialog } from '../../components/FormDialog';
import { Empty, ErrorMessage } from '../../components/Messages';
import { Section } from '../../components/Section';
import { ListSkeleton } from '../../components/Skeleton';
import { fieldErrors, hasFieldErrors } from '../../lib/field-errors';
import { queries } from '../../lib/queries';
import { refusalOf } from '../../lib/query-client';
import { useAction } from '../../lib/use-action';
import { ApiKeyItem } from './ApiKeyItem';

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

/** A name too long (or empty) is the server's to refuse, said under the field: never cut as it is typed. */
const NAME_CODES = { INVALID_NAME_LENGTH: 'name', NAME_REQUIRED: 'name' } as const;

/**
 * Account → API keys: one row a key; "Create API key" opens a dialog (name, expiry), then the key is
 * shown once in the copy-this-secret dialog; delete after a confirmation.
 */
export function ApiKeys({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const keys = useQuery(queries.apiKeys(userId));
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState<ExpiryKey>('days30');
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const create = useAction(() => {
    const chosen = EXPIRIES.find((e) => e.key === expiry);
    return auth.apiKey.create({ name: name.trim(), expiresIn: chosen?.seconds ?? null });
  });

  const submit = async () => {
    const { data } = await create.run();
    if (data) {
      setOpen(false);
      setName('');
      setCreated({ name: data.name ?? t('apiKeys.fallbackName'), key: data.key });
    }
  };

  const list = keys.data?.apiKeys;
  return (
    <Section title={t('apiKeys.title')}>
      <p className="muted section-description">
        {t('apiKeys.descriptionBefore')}
        <code>x-api-key</code>
        {t('apiKeys.descriptionAfter')}
      </p>
      <ErrorMessage error={refusalOf(keys.error)} />
      {!list && !keys.error ? <ListSkeleton /> : null}
      {list && list.length === 0 ? <Empty>{t('apiKeys.empty')}</Empty> : null}
      {list && list.length > 0 ? (
        <ul className="list">
          {list.map((key) => (
            <ApiKeyItem key={key.id} apiKey={key} />
          ))}
        </ul>
      ) : null}
      <div className="section-footer">
        <button
          type="button"
          onClick={() => {
            create.setError(null);
            setOpen(true);
          }}
        >
          {t('apiKeys.create')}
        </button>
      </div>
      <FormDialog
        open={open}
        title={t('apiKeys.newTitle')}
        submitLabel={t('apiKeys.create')}
        pending={create.pending}
        error={create.error}
        onSubmit={submit}
        onClose={() => setOpen(false)}
      >
        <Field
          label={t('apiKeys.name')}
          value={name}
          required
          autoFocus
          placeholder={t('apiKeys.namePlaceholder')}
          error={fieldErrors(create.error, NAME_CODES).name}
          onChange={(e) => setName(e.target.value)}
        />
        <Select
          label={t('apiKeys.expiresAfter')}
          value={expiry}
          options={EXPIRIES.map((e) => ({ value: e.key, label: t(`apiKeys.expiry.${e.key}`) }))}
          onChange={(value) => setExpiry(value as ExpiryKey)}
        />
        {hasFieldErrors(create.error, NAME_CODES) ? null : <ErrorMessage error={create.error} />}
      </FormDialog>
      <CopySecretDialog
        open={created !== null}
        title={t('apiKeys.createdTitle')}
        message={created ? t('apiKeys.createdOnce', { name: created.name }) : null}
        secrets={created ? [{ label: t('apiKeys.keyLabel'), value: created.key, copyLabel: t('apiKeys.copy') }] : []}
        onClose={() => setCreated(null)}
      />
    </Section>
  );
}
