import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorMessage } from '../../components/Messages';
import { Section } from '../../components/Section';
import { useToast } from '../../components/Toasts';
import { formatDate } from '../../lib/format';
import { keys, queries } from '../../lib/queries';
import { refusalOf } from '../../lib/query-client';
import { useAction } from '../../lib/use-action';

type RegisteredClient = NonNullable<Awaited<ReturnType<typeof auth.oauth2.listRegisteredClients>>['data']>[number];

/**
 * The clients that registered themselves at /oidc/register (RFC 7591) with an initial access
 * token: what each is, and "Remove" (after a confirmation). Shown once there is one.
 */
export function RegisteredClients() {
  const { t } = useTranslation('sso');
  const list = useQuery(queries.registeredClients());
  if (list.error) {
    return (
      <Section title={t('registration.registeredTitle')}>
        <ErrorMessage error={refusalOf(list.error)} />
      </Section>
    );
  }
  if (!list.data?.length) return null;
  return (
    <Section title={t('registration.registeredTitle')}>
      <p>{t('registration.registeredIntro')}</p>
      <ul className="list">
        {list.data.map((c) => (
          <RegisteredClientItem key={c.clientId} client={c} />
        ))}
      </ul>
    </Section>
  );
}

function RegisteredClientItem({ client }: { client: RegisteredClient }) {
  const { t } = useTranslation('sso');
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const name = client.name ?? t('registration.unnamed');
  const remove = useAction(() => auth.oauth2.deleteRegisteredClient({ clientId: client.clientId }), { invalidates: [keys.admin.registeredClients] });
  const onRemove = async () => {
    if (!(await remove.run()).error) {
      setConfirming(false);
      toast(t('registration.removed', { client: name }));
    }
  };
  const kind = client.tokenEndpointAuthMethod === 'none' ? t('apps.kindPublic') : t('apps.kindConfidential');
  return (
    <li className="list-item">
      <div>
        <p className="strong">{name}</p>
        <p className="muted mono">{client.clientId}</p>
        <p className="muted">
          {kind} · {client.redirectURIs.length ? client.redirectURIs.join(', ') : t('apps.machine')}
          {client.registeredAt ? ` · ${t('registration.registeredOn', { date: formatDate(String(client.registeredAt)) })}` : ''}
        </p>
      </div>
      <div className="actions">
        <button type="button" className="danger" onClick={() => setConfirming(true)} aria-label={t('registration.removeNamed', { client: name })}>
          {t('registration.remove')}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('registration.confirmTitle', { client: name })}
        confirmLabel={t('registration.removeClient')}
        destructive
        pending={remove.pending}
        onConfirm={onRemove}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('registration.confirmRemove')}</p>
        <ErrorMessage error={remove.error} />
      </ConfirmDialog>
    </li>
  );
}
