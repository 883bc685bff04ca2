import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { CopySecretDialog } from '../../components/CopySecretDialog';
import { Field } from '../../components/Field';
import { Empty, ErrorMessage, Loading } from '../../components/Messages';
import { Section } from '../../components/Section';
import { useToast } from '../../components/Toasts';
import { useAction } from '../../lib/use-action';
import { ApplicationItem } from './ApplicationItem';
import { keys, queries } from '../../lib/queries';
import { refusalOf } from '../../lib/query-client';
import { useQuery } from '@tanstack/react-query';

const lines = (text: string) =>
  text
    .split(/\s+/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Admin → Applications (the OpenID provider's clients): register one (its secret shown once),
 * edit its redirect URIs, rotate its secret, delete it.
 */
export function Applications() {
  const { t } = useTranslation('sso');
  const toast = useToast();
  const apps = useQuery(queries.applications());
  const [name, setName] = useState('');
  const [uris, setUris] = useState('');
  const [isPublic, setPublic] = useState(false);
  const [firstParty, setFirstParty] = useState(false);
  // A secret shown once (registered, or rotated), in the copy-this-secret dialog.
  const [secret, setSecret] = useState<{ clientId: string; clientSecret: string; message: string } | null>(null);
  const create = useAction(() => auth.oauth2.createApplication({ name: name.trim(), redirectURIs: lines(uris), public: isPublic, firstParty }), {
    invalidates: [keys.admin.applications],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { data } = await create.run();
    if (data) {
      // A public client has no secret: its client ID stays in the list.
      if (data.clientSecret) setSecret({ clientId: data.clientId, clientSecret: data.clientSecret, message: t('apps.registered', { app: name.trim() }) });
      else toast(t('apps.registeredPublic', { app: name.trim() }));
      setName('');
      setUris('');
    }
  };

  const list = apps.data;
  return (
    <Section title={t('apps.title')}>
      <p>{t('apps.intro')}</p>
      <ErrorMessage error={refusalOf(apps.error)} />
      {!list && !apps.error ? <Loading /> : null}
      {list && list.length === 0 ? <Empty>{t('apps.empty')}</Empty> : null}
      {list && list.length > 0 ? (
        <ul className="list">
          {list.map((app) => (
            <ApplicationItem key={app.clientId} app={app} onSecret={(s) => setSecret({ ...s, message: t('apps.rotated', { app: app.name }) })} />
          ))}
        </ul>
      ) : null}
      <CopySecretDialog
        open={secret !== null}
        title={t('apps.secretTitle')}
        message={secret?.message}
        secrets={
          secret
            ? [
                { label: t('apps.clientId'), value: secret.clientId },
                { label: t('apps.clientSecret'), value: secret.clientSecret },
              ]
            : []
        }
        onClose={() => setSecret(null)}
      />
      <form onSubmit={submit} className="form">
        <h3>{t('apps.register')}</h3>
        <Field label={t('apps.name')} value={name} required maxLength={100} onChange={(e) => setName(e.target.value)} />
        <Field label={t('apps.redirectURIs')} hint={t('apps.redirectHint')} value={uris} onChange={(e) => setUris(e.target.value)} />
        <div className="check">
          <input id="app-public" type="checkbox" checked={isPublic} onChange={(e) => setPublic(e.target.checked)} />
          <label htmlFor="app-public">{t('apps.public')}</label>
        </div>
        <div className="check">
          <input id="app-first-party" type="checkbox" checked={firstParty} onChange={(e) => setFirstParty(e.target.checked)} />
          <label htmlFor="app-first-party">{t('apps.firstParty')}</label>
        </div>
        <ErrorMessage error={create.error} />
        <button type="submit" className="primary" disabled={create.pending}>
          {t('apps.submit')}
        </button>
      </form>
    </Section>
  );
}
