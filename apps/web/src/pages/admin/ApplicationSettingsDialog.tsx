import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { Checkbox } from '../../components/Field';
import { FormDialog } from '../../components/FormDialog';
import { ErrorMessage } from '../../components/Messages';
import { useToast } from '../../components/Toasts';
import { keys, queries } from '../../lib/queries';
import { useAction } from '../../lib/use-action';

type Application = NonNullable<Awaited<ReturnType<typeof auth.oauth2.listApplications>>['data']>[number];
type Settings = Application['settings'];

/**
 * One application's settings for the newer standards (each off until turned on): the device
 * grant, PAR and DPoP required, and the APIs it may get tokens for; in a modal dialog.
 */
export function ApplicationSettingsDialog({ app, open, onClose }: { app: Application; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('sso');
  const toast = useToast();
  const [draft, setDraft] = useState<Settings>(app.settings);
  const apis = useQuery({ ...queries.resourceServers(), enabled: open });
  const save = useAction(() => auth.oauth2.updateApplication({ clientId: app.clientId, settings: draft }), { invalidates: [keys.admin.applications] });
  const flag = (key: 'deviceFlow' | 'requirePAR' | 'requireDPoP') => (checked: boolean) => setDraft((d) => ({ ...d, [key]: checked }));
  const toggleApi = (identifier: string) => (checked: boolean) =>
    setDraft((d) => ({ ...d, resources: checked ? [...d.resources, identifier] : d.resources.filter((r) => r !== identifier) }));
  const close = () => {
    save.setError(null);
    setDraft(app.settings);
    onClose();
  };
  const submit = async () => {
    const { data } = await save.run();
    if (data) {
      toast(t('appSettings.saved', { app: app.name }));
      onClose();
    }
  };
  return (
    <FormDialog
      open={open}
      title={t('appSettings.title', { app: app.name })}
      description={t('appSettings.description')}
      submitLabel={t('appSettings.save')}
      pending={save.pending}
      error={save.error}
      onSubmit={submit}
      onClose={close}
    >
      <ErrorMessage error={save.error} />
      <Checkbox label={t('appSettings.deviceFlow')} checked={draft.deviceFlow} onChange={flag('deviceFlow')} />
      <Checkbox label={t('appSettings.requirePAR')} checked={draft.requirePAR} onChange={flag('requirePAR')} />
      <Checkbox label={t('appSettings.requireDPoP')} checked={draft.requireDPoP} onChange={flag('requireDPoP')} />
      <fieldset className="fieldset">
        <legend>{t('appSettings.resources')}</legend>
        {apis.data && apis.data.length === 0 ? <p className="muted">{t('appSettings.noApis')}</p> : null}
        {(apis.data ?? []).map((api) => (
          <Checkbox
            key={api.identifier}
            label={`${api.name} (${api.identifier})`}
            checked={draft.resources.includes(api.identifier)}
            onChange={toggleApi(api.identifier)}
          />
        ))}
      </fieldset>
    </FormDialog>
  );
}
