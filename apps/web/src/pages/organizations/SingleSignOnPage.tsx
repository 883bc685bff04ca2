import type { AuthError } from '@gatehouse/client';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FullOrganization } from '../../auth';
import { auth } from '../../auth';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyField } from '../../components/CopyField';
import { Field } from '../../components/Field';
import { Empty, ErrorMessage } from '../../components/Messages';
import { useToast } from '../../components/Toasts';
import { type CodeFields, fieldErrors } from '../../lib/field-errors';
import { useServerInfo } from '../../lib/providers';
import { useServerQuery } from '../../lib/server-state';
import { useAction } from '../../lib/use-action';
import { useFocusInvalid } from '../../lib/use-focus-invalid';
import { OrganizationSettings } from './OrganizationSettings';

export type Provider = {
  providerId: string;
  type: 'saml' | 'oidc';
  issuer: string;
  domain: string;
  domainVerified: boolean;
  organizationId: string | null;
  spMetadataUrl: string;
  samlConfig?: { entryPoint?: string; idpMetadata?: { entityID?: string }; spMetadata?: { entityID?: string } };
  oidcConfig?: { clientIdLastFour?: string };
};

/** The form's fields: one shape for both protocols, only the protocol's own are sent. */
type Form = { providerId: string; domain: string; entryPoint: string; idpEntityId: string; cert: string; issuer: string; clientId: string; clientSecret: string };
const EMPTY: Form = { providerId: '', domain: '', entryPoint: '', idpEntityId: '', cert: '', issuer: '', clientId: '', clientSecret: '' };

/** The refusals that are about one field, shown under it. */
const SSO_CODES: CodeFields = {
  PROVIDER_EXISTS: 'providerId',
  RESERVED_PROVIDER_ID: 'providerId',
  INVALID_DOMAIN: 'domain',
  INVALID_CERTIFICATE: 'samlConfig.cert',
  INVALID_ISSUER: 'issuer',
  ISSUER_NOT_ALLOWED: 'issuer',
  DISCOVERY_FAILED: 'issuer',
};

const apiBase = () => `${window.location.origin}/api/auth`;
const acsURL = (id: string) => `${apiBase()}/sso/saml2/sp/acs/${encodeURIComponent(id)}`;
/** The SP entity ID the app proposes for a new SAML connection: its metadata URL, unique per connection. */
const spEntityIdFor = (id: string) => `${apiBase()}/sso/saml2/sp/metadata?providerId=${encodeURIComponent(id)}`;

/** A refusal's messages by the form's own field names (the server names nested ones `samlConfig.cert`…). */
function issuesOf(error: AuthError | null, protocol: 'saml' | 'oidc') {
  const all = fieldErrors(error, SSO_CODES);
  const pick = (...names: string[]) => names.map((n) => all[n]).find(Boolean);
  return {
    providerId: pick('providerId'),
    domain: pick('domain'),
    entryPoint: pick('samlConfig.entryPoint', 'entryPoint'),
    idpEntityId: protocol === 'saml' ? pick('issuer', 'samlConfig.idpMetadata.entityID') : undefined,
    cert: pick('samlConfig.cert', 'cert'),
    issuer: protocol === 'oidc' ? pick('issuer') : undefined,
    clientId: pick('oidcConfig.clientId', 'clientId'),
    clientSecret: pick('oidcConfig.clientSecret', 'clientSecret'),
  };
}

/** The active organization's identity-provider connections (enterprise SSO): connect, verify the domain, edit, remove. */
export function SingleSignOnPage() {
  const { t } = useTranslation('enterprise');
  return (
    <OrganizationSettings title={t('title')} enabled={(f) => f.sso}>
      {(organization) => <Connections organization={organization} />}
    </OrganizationSettings>
  );
}

function Connections({ organization }: { organization: FullOrganization }) {
  const { t } = useTranslation('enterprise');
  const heading = useId();
  const list = useServerQuery(`sso-providers:${organization.id}`, () => auth.sso.providers());
  const mine = ((list.data?.providers ?? []) as Provider[]).filter((p) => p.organizationId === organization.id);
  return (
    <>
      <p className="muted">{t('intro', { organization: organization.name })}</p>
      <section className="card stack" aria-labelledby={heading}>
        <h2 id={heading}>{t('listTitle')}</h2>
        <ErrorMessage error={list.error} />
        {list.data && mine.length === 0 ? <Empty>{t('none')}</Empty> : null}
        <ul className="list">
          {mine.map((p) => (
            <Connection key={p.providerId} provider={p} />
          ))}
        </ul>
      </section>
      <Connect organizationId={organization.id} />
    </>
  );
}

export function Connection({ provider }: { provider: Provider }) {
  const { t } = useTranslation('enterprise');
  const { features } = useServerInfo();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState(false);
  const remove = useAction(() => auth.sso.deleteProvider({ providerId: provider.providerId }));
  const onRemove = async () => {
    const { data } = await remove.run();
    setAsking(false);
    if (data) toast(t('removed', { id: provider.providerId }));
  };
  const verification = features.ssoDomainVerification;
  return (
    <li className="stack">
      <h3>{provider.providerId}</h3>
      <p className="muted">
        {provider.type === 'saml' ? t('saml') : t('oidc')} · {provider.domain}
        {verification ? ` · ${provider.domainVerified ? t('verified') : t('notVerified')}` : ''}
      </p>
      {editing ? (
        <EditConnection provider={provider} onDone={() => setEditing(false)} />
      ) : (
        <>
          {provider.type === 'saml' ? (
            <>
              {provider.samlConfig?.spMetadata?.entityID ? <CopyField label={t('spEntityId')} value={provider.samlConfig.spMetadata.entityID} /> : null}
              <CopyField label={t('acs')} value={acsURL(provider.providerId)} />
              <CopyField label={t('metadata')} value={provider.spMetadataUrl} />
            </>
          ) : (
            <CopyField label={t('redirectUri')} value={`${apiBase()}/sso/callback/${encodeURIComponent(provider.providerId)}`} />
          )}
          {verification && !provider.domainVerified ? <DomainVerification provider={provider} /> : null}
          <ErrorMessage error={remove.error} />
          <div className="actions">
            <button type="button" aria-label={t('editNamed', { id: provider.providerId })} onClick={() => setEditing(true)}>
              {t('edit')}
            </button>
            <button type="button" className="danger" aria-label={t('removeNamed', { id: provider.providerId })} onClick={() => setAsking(true)}>
              {t('remove')}
            </button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={asking}
        title={t('removeTitle', { id: provider.providerId })}
        confirmLabel={t('removeConfirm')}
        destructive
        pending={remove.pending}
        onConfirm={onRemove}
        onCancel={() => setAsking(false)}
      >
        <p>{t('removeBody', { domain: provider.domain })}</p>
      </ConfirmDialog>
    </li>
  );
}

/** The TXT record to publish (the pending token, the same while it lasts) and the one button that checks it. */
function DomainVerification({ provider }: { provider: Provider }) {
  const { t } = useTranslation('enterprise');
  const toast = useToast();
  const record = useServerQuery(`sso-record:${provider.providerId}`, () => auth.sso.requestDomainVerification({ providerId: provider.providerId }));
  const verify = useAction(() => auth.sso.verifyDomain({ providerId: provider.providerId }));
  const domains = provider.domain.split(',');
  const data = record.data;
  return (
    <div className="stack">
      <p>{t('verifyIntro', { domain: provider.domain })}</p>
      <ErrorMessage error={record.error} />
      {data
        ? domains.map((domain) => (
            <div key={domain} className="stack">
              <CopyField label={domains.length > 1 ? t('recordNameOf', { domain }) : t('recordName')} value={`${data.txtRecordName}.${domain}`} />
              {domain === domains[0] ? <CopyField label={t('recordValue')} value={data.domainVerificationToken} /> : null}
            </div>
          ))
        : null}
      <ErrorMessage error={verify.error} text={verify.error?.code === 'DOMAIN_VERIFICATION_FAILED' ? t('verifyFailed', { domain: provider.domain }) : undefined} />
      <div className="actions">
        <button
          type="button"
          className="primary"
          disabled={verify.pending || !data}
          onClick={async () => {
            const { data } = await verify.run();
            if (data) toast(t('verifiedNow', { domain: provider.domain }));
          }}
        >
          {t('verify')}
        </button>
      </div>
    </div>
  );
}

function EditConnection({ provider, onDone }: { provider: Provider; onDone: () => void }) {
  const { t } = useTranslation('enterprise');
  const toast = useToast();
  const certId = useId();
  const saml = provider.type === 'saml';
  const [f, setF] = useState<Form>({
    ...EMPTY,
    domain: provider.domain,
    entryPoint: provider.samlConfig?.entryPoint ?? '',
    idpEntityId: provider.samlConfig?.idpMetadata?.entityID ?? provider.issuer,
    issuer: provider.issuer,
  });
  const set = (key: keyof Form) => (e: { target: { value: string } }) => setF({ ...f, [key]: e.target.value });
  const save = useAction(() =>
    auth.sso.updateProvider({
      providerId: provider.providerId,
      domain: f.domain.trim(),
      ...(saml
        ? {
            issuer: f.idpEntityId.trim(),
            samlConfig: { entryPoint: f.entryPoint.trim(), idpMetadata: { entityID: f.idpEntityId.trim() }, ...(f.cert.trim() ? { cert: f.cert } : {}) },
          }
        : {
            issuer: f.issuer.trim(),
            ...(f.clientId.trim() || f.clientSecret ? { oidcConfig: { ...(f.clientId.trim() ? { clientId: f.clientId.trim() } : {}), ...(f.clientSecret ? { clientSecret: f.clientSecret } : {}) } } : {}),
          }),
    }),
  );
  const issues = issuesOf(save.error, provider.type);
  const form = useRef<HTMLFormElement>(null);
  useFocusInvalid(form, save.error);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { data } = await save.run();
    if (!data) return;
    toast(t('saved', { id: provider.providerId }));
    onDone();
  };
  return (
    <form ref={form} onSubmit={submit} className="form" aria-label={t('editNamed', { id: provider.providerId })}>
      <ErrorMessage error={save.error} fieldsShown />
      <Field label={t('domain')} hint={t('domainChangeHint')} required maxLength={255} value={f.domain} onChange={set('domain')} error={issues.domain} />
      {saml ? (
        <>
          <Field label={t('entryPoint')} type="url" required value={f.entryPoint} onChange={set('entryPoint')} error={issues.entryPoint} />
          <Field label={t('idpEntityId')} type="url" required value={f.idpEntityId} onChange={set('idpEntityId')} error={issues.idpEntityId} />
          <CertificateField id={certId} label={t('newCertificate')} hint={t('keepHint')} required={false} value={f.cert} onChange={set('cert')} error={issues.cert} />
        </>
      ) : (
        <>
          <Field label={t('issuer')} type="url" required value={f.issuer} onChange={set('issuer')} error={issues.issuer} />
          <Field label={t('clientId')} hint={t('keepHint')} value={f.clientId} onChange={set('clientId')} error={issues.clientId} />
          <Field label={t('clientSecret')} hint={t('keepHint')} type="password" autoComplete="off" value={f.clientSecret} onChange={set('clientSecret')} error={issues.clientSecret} />
        </>
      )}
      <div className="actions">
        <button type="button" onClick={onDone} disabled={save.pending}>
          {t('cancel')}
        </button>
        <button type="submit" className="primary" disabled={save.pending}>
          {t('save')}
        </button>
      </div>
    </form>
  );
}

function CertificateField(props: { id: string; label: string; hint?: string; required: boolean; value: string; onChange: (e: { target: { value: string } }) => void; error?: string }) {
  const hintId = `${props.id}-hint`;
  const errorId = `${props.id}-error`;
  const describedBy = [props.error ? errorId : null, props.hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={props.error ? 'field invalid' : 'field'}>
      <label htmlFor={props.id}>{props.label}</label>
      <textarea
        id={props.id}
        required={props.required}
        rows={6}
        className="mono"
        spellCheck={false}
        placeholder="-----BEGIN CERTIFICATE-----"
        aria-describedby={describedBy}
        aria-invalid={props.error ? true : undefined}
        value={props.value}
        onChange={props.onChange}
      />
      {props.error ? (
        <div id={errorId} className="field-error">
          {props.error}
        </div>
      ) : null}
      {props.hint ? (
        <div id={hintId} className="hint">
          {props.hint}
        </div>
      ) : null}
    </div>
  );
}

function Connect({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('enterprise');
  const heading = useId();
  const protocolId = useId();
  const certId = useId();
  const toast = useToast();
  const { features } = useServerInfo();
  const [protocol, setProtocol] = useState<'saml' | 'oidc'>('saml');
  const [f, setF] = useState<Form>(EMPTY);
  const set = (key: keyof Form) => (e: { target: { value: string } }) => setF({ ...f, [key]: e.target.value });
  const providerId = f.providerId.trim();
  const connect = useAction(() =>
    auth.sso.register({
      providerId,
      domain: f.domain.trim(),
      organizationId,
      ...(protocol === 'saml'
        ? {
            // The IdP's entity ID is the connection's issuer; the SP's is this connection's metadata URL.
            issuer: f.idpEntityId.trim(),
            samlConfig: {
              entryPoint: f.entryPoint.trim(),
              cert: f.cert,
              idpMetadata: { entityID: f.idpEntityId.trim() },
              spMetadata: { entityID: spEntityIdFor(providerId) },
              wantAssertionsSigned: true,
            },
          }
        : { issuer: f.issuer.trim(), oidcConfig: { clientId: f.clientId.trim(), clientSecret: f.clientSecret, pkce: true } }),
    }),
  );
  const issues = issuesOf(connect.error, protocol);
  const form = useRef<HTMLFormElement>(null);
  useFocusInvalid(form, connect.error);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { data } = await connect.run();
    if (!data) return;
    toast(t(features.ssoDomainVerification ? 'connected' : 'connectedPlain', { id: data.providerId }));
    setF(EMPTY);
  };
  return (
    <section className="card" aria-labelledby={heading}>
      <form ref={form} onSubmit={submit} className="form">
        <h2 id={heading}>{t('connectTitle')}</h2>
        <ErrorMessage error={connect.error} fieldsShown />
        <div className="field">
          <label htmlFor={protocolId}>{t('protocol')}</label>
          <select id={protocolId} value={protocol} onChange={(e) => setProtocol(e.target.value as 'saml' | 'oidc')}>
            <option value="saml">{t('saml')}</option>
            <option value="oidc">{t('oidc')}</option>
          </select>
        </div>
        <Field
          label={t('providerId')}
          hint={t('providerIdHint')}
          required
          maxLength={128}
          pattern="[A-Za-z0-9._\-]+"
          value={f.providerId}
          onChange={set('providerId')}
          error={issues.providerId}
        />
        <Field label={t('domain')} hint={t('domainHint')} required maxLength={255} value={f.domain} onChange={set('domain')} error={issues.domain} />
        {protocol === 'saml' ? (
          <>
            <Field label={t('entryPoint')} hint={t('entryPointHint')} type="url" required value={f.entryPoint} onChange={set('entryPoint')} error={issues.entryPoint} />
            <Field label={t('idpEntityId')} hint={t('idpEntityIdHint')} type="url" required value={f.idpEntityId} onChange={set('idpEntityId')} error={issues.idpEntityId} />
            <CertificateField id={certId} label={t('certificate')} required value={f.cert} onChange={set('cert')} error={issues.cert} />
          </>
        ) : (
          <>
            <Field label={t('issuer')} hint={t('issuerHint')} type="url" required value={f.issuer} onChange={set('issuer')} error={issues.issuer} />
            <Field label={t('clientId')} required value={f.clientId} onChange={set('clientId')} error={issues.clientId} />
            <Field label={t('clientSecret')} type="password" autoComplete="off" required value={f.clientSecret} onChange={set('clientSecret')} error={issues.clientSecret} />
          </>
        )}
        <div className="actions">
          <button type="submit" className="primary" disabled={connect.pending}>
            {t('connect')}
          </button>
        </div>
      </form>
    </section>
  );
}
