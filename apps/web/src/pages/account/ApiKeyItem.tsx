import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorMessage } from '../../components/Messages';
import { useToast } from '../../components/Toasts';
import { formatDate } from '../../lib/format';
import { useAction } from '../../lib/use-action';

type ApiKey = NonNullable<Awaited<ReturnType<typeof auth.apiKey.list>>['data']>['apiKeys'][number];

/** One API key: name, first characters, created, expires, last used; "Delete" after a confirmation. */
export function ApiKeyItem({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const remove = useAction(() => auth.apiKey.delete({ keyId: apiKey.id }));
  const label = apiKey.name || t('apiKeys.unnamed');
  const expired = apiKey.expiresAt !== null && new Date(apiKey.expiresAt).getTime() <= Date.now();

  const confirmDelete = async () => {
    const { error } = await remove.run();
    setConfirming(false);
    if (!error) toast(t('apiKeys.deletedToast', { name: label }));
  };

  return (
    <li className="list-item">
      <div>
        <p className="strong">{label}</p>
        <p className="muted">
          <span className="mono">{apiKey.start ?? ''}…</span>
          {apiKey.enabled ? null : ` · ${t('apiKeys.disabled')}`}
        </p>
        <p className="muted">{t('apiKeys.created', { date: formatDate(apiKey.createdAt) })}</p>
        <p className="muted">
          {apiKey.expiresAt ? t(expired ? 'apiKeys.expired' : 'apiKeys.expires', { date: formatDate(apiKey.expiresAt) }) : t('apiKeys.neverExpires')}
        </p>
        <p className="muted">{apiKey.lastRequest ? t('apiKeys.lastUsed', { date: formatDate(apiKey.lastRequest) }) : t('apiKeys.neverUsed')}</p>
        <ErrorMessage error={remove.error} />
      </div>
      <div className="actions">
        <button type="button" className="danger" onClick={() => setConfirming(true)} aria-label={t('apiKeys.deleteNamed', { name: label })}>
          {t('apiKeys.delete')}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('apiKeys.confirmTitle')}
        confirmLabel={t('apiKeys.confirm')}
        destructive
        pending={remove.pending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('apiKeys.confirmBody', { name: label })}</p>
      </ConfirmDialog>
    </li>
  );
}
