import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { Field } from '../../components/Field';
import { FormDialog } from '../../components/FormDialog';
import { ErrorMessage } from '../../components/Messages';
import { useToast } from '../../components/Toasts';
import { type CodeFields, fieldErrors, formLevelError } from '../../lib/field-errors';
import { keys, queries } from '../../lib/queries';
import { useAction } from '../../lib/use-action';

export type ResourceServer = NonNullable<Awaited<ReturnType<typeof auth.oauth2.listResourceServers>>['data']>[number];

/** The server's refusals that are about one field of the dialog. */
const API_CODES: CodeFields = {
  INVALID_RESOURCE_IDENTIFIER: 'identifier',
  RESOURCE_SERVER_EXISTS: 'identifier',
  INVALID_RESOURCE_SCOPE: 'scopes',
  RESOURCE_SERVER_CLIENT_INVALID: 'clientId',
};

const words = (text: string) => text.split(/\s+/).filter(Boolean);

interface Draft {
  identifier: string;
  name: string;
  scopes: string;
  ttl: string;
  format: 'jwt' | 'opaque';
  clientId: string;
}

const draftOf = (s: ResourceServer | null): Draft =>
  s
    ? {
        identifier: s.identifier,
        name: s.name,
        scopes: s.scopes.join(' '),
        ttl: String(s.accessTokenTTL),
        format: s.accessTokenFormat,
        clientId: s.clientId ?? '',
      }
    : { identifier: '', name: '', scopes: '', ttl: '3600', format: 'jwt', clientId: '' };

/** Adds an API (`server` = 'new') or edits one, in a modal dialog; its refusals under their fields. Keyed by the API it edits (a fresh draft each time). */
export function ResourceServerDialog({ server, onClose }: { server: ResourceServer | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation('sso');
  const toast = useToast();
  const existing = server && server !== 'new' ? server : null;
  const [draft, setDraft] = useState<Draft>(draftOf(existing));
  const apps = useQuery({ ...queries.applications(), enabled: server !== null });
  const formatId = useId();
  const clientSelectId = useId();

  const save = useAction(
    () => {
      const fields = {
        name: draft.name.trim(),
        scopes: words(draft.scopes),
        accessTokenTTL: Number(draft.ttl),
        accessTokenFormat: draft.format,
        clientId: draft.clientId || null,
      };
      return existing
        ? auth.oauth2.updateResourceServer({ id: existing.id, ...fields })
        : auth.oauth2.createResourceServer({ identifier: draft.identifier.trim(), ...fields });
    },
    { invalidates: [keys.admin.resourceServers] },
  );
  const set = (key: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));
  const issues = fieldErrors(save.error, API_CODES);
  const close = () => {
    save.setError(null);
    onClose();
  };
  const submit = async () => {
    const { data } = await save.run();
    if (data) {
      toast(t(existing ? 'apis.saved' : 'apis.created', { api: data.name }));
      close();
    }
  };
  const confidential = (apps.data ?? []).filter((a) => !a.public);

  return (
    <FormDialog
      open={server !== null}
      title={existing ? t('apis.editTitle', { api: existing.name }) : t('apis.add')}
      submitLabel={existing ? t('apis.save') : t('apis.create')}
      pending={save.pending}
      error={save.error}
      onSubmit={submit}
      onClose={close}
    >
      <ErrorMessage error={formLevelError(save.error, API_CODES)} fieldsShown />
      {existing ? null : (
        <Field
          label={t('apis.identifier')}
          hint={t('apis.identifierHint')}
          required
          maxLength={2000}
          value={draft.identifier}
          onChange={set('identifier')}
          error={issues.identifier}
          autoFocus
        />
      )}
      <Field label={t('apis.name')} required maxLength={100} value={draft.name} onChange={set('name')} error={issues.name} />
      <Field label={t('apis.scopes')} hint={t('apis.scopesHint')} value={draft.scopes} onChange={set('scopes')} error={issues.scopes} />
      <Field
        label={t('apis.ttl')}
        hint={t('apis.ttlHint')}
        type="number"
        min={60}
        max={86400}
        required
        value={draft.ttl}
        onChange={set('ttl')}
        error={issues.accessTokenTTL}
      />
      <div className="field">
        <label htmlFor={formatId}>{t('apis.format')}</label>
        <select id={formatId} value={draft.format} onChange={(e) => setDraft((d) => ({ ...d, format: e.target.value as 'jwt' | 'opaque' }))}>
          <option value="jwt">{t('apis.formatJwt')}</option>
          <option value="opaque">{t('apis.formatOpaque')}</option>
        </select>
      </div>
      <div className={issues.clientId ? 'field invalid' : 'field'}>
        <label htmlFor={clientSelectId}>{t('apis.client')}</label>
        <select id={clientSelectId} value={draft.clientId} onChange={set('clientId')} aria-invalid={issues.clientId ? true : undefined}>
          <option value="">{t('apis.clientNone')}</option>
          {confidential.map((a) => (
            <option key={a.clientId} value={a.clientId}>
              {a.name}
            </option>
          ))}
        </select>
        {issues.clientId ? <div className="field-error">{issues.clientId}</div> : null}
        <div className="hint">{t('apis.clientHint')}</div>
      </div>
    </FormDialog>
  );
}
