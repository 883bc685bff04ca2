import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { Field } from '../../components/Field';
import { ErrorMessage } from '../../components/Messages';
import { useToast } from '../../components/Toasts';
import { useAction } from '../../lib/use-action';
import { keys } from '../../lib/queries';
import { ApplicationSettingsDialog } from './ApplicationSettingsDialog';

type Application = NonNullable<Awaited<ReturnType<typeof auth.oauth2.listApplications>>['data']>[number];

/** One application: its id and redirect URIs; "Edit", "Rotate secret", "Delete" (after a confirmation). */
export function ApplicationItem({ app, onSecret }: { app: Application; onSecret: (s: { clientId: string; clientSecret: string }) => void }) {
  const { t } = useTranslation('sso');
  const toast = useToast();
  const [mode, setMode] = useState<'view' | 'edit' | 'delete' | 'settings'>('view');
  const [uris, setUris] = useState(app.redirectURIs.join(' '));
  const update = useAction(() => auth.oauth2.updateApplication({ clientId: app.clientId, redirectURIs: uris.split(/\s+/).filter(Boolean) }), {
    invalidates: [keys.admin.applications],
  });
  const rotate = useAction(() => auth.oauth2.rotateSecret({ clientId: app.clientId }), { invalidates: [keys.admin.applications] });
  const remove = useAction(() => auth.oauth2.deleteApplication({ clientId: app.clientId }), { invalidates: [keys.admin.applications] });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const { data } = await update.run();
    if (data) {
      setMode('view');
      toast(t('apps.saved', { app: app.name }));
    }
  };
  const onDelete = async () => {
    if (!(await remove.run()).error) toast(t('apps.deleted', { app: app.name }));
  };
  const newSecret = async () => {
    const { data } = await rotate.run();
    if (data) {
      // Said once, by the secret's dialog.
      onSecret(data);
    }
  };

  const standards = [
    app.settings.deviceFlow ? t('appSettings.tagDevice') : null,
    app.settings.requirePAR ? t('appSettings.tagPAR') : null,
    app.settings.requireDPoP ? t('appSettings.tagDPoP') : null,
    app.settings.resources.length ? t('appSettings.tagApis', { count: app.settings.resources.length }) : null,
  ].filter(Boolean);

  return (
    <li className="list-item">
      <div>
        <p className="strong">{app.name}</p>
        <p className="muted mono">{app.clientId}</p>
        <p className="muted">
          {app.public ? t('apps.kindPublic') : t('apps.kindConfidential')}
          {app.firstParty ? ` · ${t('apps.firstPartyTag')}` : ''} · {app.redirectURIs.length ? app.redirectURIs.join(', ') : t('apps.machine')}
        </p>
        {standards.length ? <p className="muted">{standards.join(' · ')}</p> : null}
        {mode === 'delete' ? <p>{t('apps.confirmDelete', { app: app.name })}</p> : null}
        <ErrorMessage error={update.error ?? rotate.error ?? remove.error} />
      </div>
      {mode === 'edit' ? (
        <form onSubmit={save} className="form" style={{ flex: '1 1 100%' }}>
          <Field
            label={t('apps.redirectOf', { app: app.name })}
            hint={t('apps.redirectEditHint')}
            value={uris}
            autoFocus
            onChange={(e) => setUris(e.target.value)}
          />
          <div className="actions">
            <button type="submit" className="primary" disabled={update.pending}>
              {t('apps.save')}
            </button>
            <button type="button" onClick={() => setMode('view')}>
              {t('apps.cancel')}
            </button>
          </div>
        </form>
      ) : mode === 'delete' ? (
        <div className="actions">
          <button type="button" className="danger" disabled={remove.pending} onClick={onDelete}>
            {t('apps.deleteApplication')}
          </button>
          <button type="button" onClick={() => setMode('view')}>
            {t('apps.cancel')}
          </button>
        </div>
      ) : (
        <div className="actions">
          <button type="button" onClick={() => setMode('edit')} aria-label={t('apps.editNamed', { app: app.name })}>
            {t('apps.edit')}
          </button>
          <button type="button" onClick={() => setMode('settings')} aria-label={t('appSettings.buttonNamed', { app: app.name })}>
            {t('appSettings.button')}
          </button>
          {app.public ? null : (
            <button type="button" onClick={newSecret} disabled={rotate.pending} aria-label={t('apps.rotateNamed', { app: app.name })}>
              {t('apps.rotate')}
            </button>
          )}
          <button type="button" className="danger" onClick={() => setMode('delete')} aria-label={t('apps.deleteNamed', { app: app.name })}>
            {t('apps.delete')}
          </button>
        </div>
      )}
      <ApplicationSettingsDialog key={String(mode === 'settings')} app={app} open={mode === 'settings'} onClose={() => setMode('view')} />
    </li>
  );
}
