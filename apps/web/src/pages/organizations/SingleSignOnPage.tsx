import type { AuthError } from '@gatehouse/client';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { FullOrganization } from '../../auth';
import { auth } from '../../auth';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyField } from '../../components/CopyField';
import { Checkbox, Field } from '../../components/Field';
import { Empty, ErrorMessage } from '../../components/Messages';
import { useToast } from '../../components/Toasts';
import { type CodeFields, fieldErrors } from '../../lib/field-errors';
import { useServerInfo } from '../../lib/providers';
import { queries } from '../../lib/queries';
import { refusalOf } from '../../lib/query-client';
import { useAction } from '../../lib/use-action';
import { useFocusInvalid } from '../../lib/use-focus-invalid';
import { appURL } from '../../lib/redirect';
import { OrganizationSettings } from './OrganizationSettings';

export type Provider = {
  providerId: string;
  type: 'saml' | 'oidc';
  issuer: string;
  domain: string;
  domainVerified: boolean;
  organizationId: string | null;
  spMetadataUrl: string;
  /** The SP's single logout URL (SAML): what the IdP's "Single Logout URL" / "Logout Url" field takes. */
  spSloUrl?: string;
  samlConfig?: { entryPoint?: string; idpMetadata?: { entityID?: string }; spMetadata?: { entityID?: string }; logoutUrl?: string };
  oidcConfig?: { clientIdLastFour?: string };
  /** Addresses of the verified domain sign in with SSO only. */
  requireSso?: boolean;
  roleMapping?: RoleMapping | null;
};

type RoleMapping = { attribute: string; rules: { value: string; role: string }[] };

/** The role rules as the form writes them: `group = role`, one a line. */
const rulesText = (m: RoleMapping | null | undefined) => (m ? m.rules.map((r) => `${r.value} = ${r.role}`).join('\n') : '');

/** The form's attribute and rule lines as a mapping: null when both are empty, 'invalid' when a line is not `group = role`. */
export function roleMappingOf(attribute: string, text: string): RoleMapping | null | 'invalid' {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (!attribute.trim() && !lines.length) return null;
  const rules = lines.map((l) => {
    const eq = l.lastIndexOf('=');
    return eq > 0 ? { value: l.slice(0, eq).trim(), role: l.slice(eq + 1).trim() } : null;
  });
  if (!attribute.trim() || !rules.length || rules.some((r) => !r?.value || !/^[A-Za-z0-9_-]+$/.test(r.role))) return 'invalid';
  return { attribute: attribute.trim(), rules: rules as RoleMapping['rules'] };
}

/** The certificates of a pasted text: one PEM is sent as it is, several as a list (a rotation). */
export function certsOf(text: string): string | string[] {
  const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
  return blocks.length > 1 ? blocks : text;
}

/** The form's fields: one shape for both protocols, only the protocol's own are sent. */
type Form = {
  providerId: string;
  domain: string;
  entryPoint: string;
  /** The IdP's single logout URL (its HTTP-Redirect SingleLogoutService), optional. */
  logoutUrl: string;
  idpEntityId: string;
  cert: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  roleAttribute: string;
  roleRules: string;
};
const EMPTY: Form = {
  providerId: '',
  domain: '',
  entryPoint: '',
  logoutUrl: '',
  idpEntityId: '',
  cert: '',
  issuer: '',
  clientId: '',
  clientSecret: '',
  roleAttribute: '',
  roleRules: '',
};

/** The refusals that are about one field, shown under it. */
const SSO_CODES: CodeFields = {
  PROVIDER_EXISTS: 'providerId',
  RESERVED_PROVIDER_ID: 'providerId',
  INVALID_DOMAIN: 'domain',
  INVALID_CERTIFICATE: 'samlConfig.cert',
  INVALID_ISSUER: 'issuer',
  ISSUER_NOT_ALLOWED: 'issuer',
  DISCOVERY_FAILED: 'issuer',
  ROLE_MAPPING_UNKNOWN_ROLE: 'roleMapping',
  ROLE_MAPPING_OWNER: 'roleMapping',
  ROLE_MAPPING_NEEDS_ORGANIZATION: 'roleMapping',
};

/** The IdP's single logout URL in its metadata: the HTTP-Redirect SingleLogoutService, the one the server uses. */
const redirectSlo = (services?: { Binding: string; Location: string }[]) =>
  services?.find((s) => s.Binding === 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect')?.Location;

const apiBase = () => `${window.location.origin}/api/auth`;
const acsURL = (id: string) => `${apiBase()}/sso/saml2/sp/acs/${encodeURIComponent(id)}`;
const sloURL = (id: string) => `${apiBase()}/sso/saml2/sp/slo/${encodeURIComponent(id)}`;
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
    logoutUrl: pick('samlConfig.logoutUrl', 'logoutUrl'),
    idpEntityId: protocol === 'saml' ? pick('issuer', 'samlConfig.idpMetadata.entityID') : undefined,
    cert: pick('samlConfig.cert', 'cert'),
    issuer: protocol === 'oidc' ? pick('issuer') : undefined,
    clientId: pick('oidcConfig.clientId', 'clientId'),
    clientSecret: pick('oidcConfig.clientSecret', 'clientSecret'),
    roleRules: pick('roleMapping', 'roleMapping.rules', 'roleMapping.attribute'),
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
  const list = useQuery(queries.ssoProviders(organization.id));
  const mine = ((list.data?.providers ?? []) as Provider[]).filter((p) => p.organizationId === organization.id);
  return (
    <>
      <p className="muted">{t('intro', { organization: organization.name })}</p>
      <TestResult />
      <section className="card stack" aria-labelledby={heading}>
        <h2 id={heading}>{t('listTitle')}</h2>
        <ErrorMessage error={refusalOf(list.error)} />
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
              <CopyField label={t('slo')} value={provider.spSloUrl ?? sloURL(provider.providerId)} />
              <p className="muted">{provider.samlConfig?.logoutUrl ? t('idpSlo', { url: provider.samlConfig.logoutUrl }) : t('noIdpSlo')}</p>
              <CopyField label={t('metadata')} value={provider.spMetadataUrl} />
            </>
          ) : (
            <CopyField label={t('redirectUri')} value={`${apiBase()}/sso/callback/${encodeURIComponent(provider.providerId)}`} />
          )}
          {provider.roleMapping ? (
            <p className="muted">
              {t('roleMappingShown', {
                attribute: provider.roleMapping.attribute,
                rules: provider.roleMapping.rules.map((r) => `${r.value} → ${r.role}`).join(', '),
              })}
            </p>
          ) : null}
          {verification && !provider.domainVerified ? <DomainVerification provider={provider} /> : null}
          {verification ? <RequireSso provider={provider} /> : null}
          <ErrorMessage error={remove.error} />
          <div className="actions">
            <TestButton provider={provider} />
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

/**
 * "Test connection": a sign-in at the IdP in a new window that signs nobody in; the window comes
 * back to this page with `?ssoTest=` and shows what the IdP sent. The window is opened at the
 * click (a browser allows that), then sent to the IdP once the server gave its URL; blocked, this
 * window goes instead.
 */
function TestButton({ provider }: { provider: Provider }) {
  const { t } = useTranslation('enterprise');
  const [opened, setOpened] = useState(false);
  const start = useAction(() => auth.sso.testConnection({ providerId: provider.providerId, callbackURL: appURL('/organizations/single-sign-on') }));
  return (
    <>
      <button
        type="button"
        aria-label={t('testNamed', { id: provider.providerId })}
        disabled={start.pending}
        onClick={async () => {
          const popup = window.open('', 'sso-test');
          const { data } = await start.run();
          if (!data?.url) {
            popup?.close();
            return;
          }
          if (popup) {
            popup.location.href = data.url;
            setOpened(true);
          } else window.location.assign(data.url);
        }}
      >
        {t('test')}
      </button>
      {opened ? (
        <p className="hint" role="status">
          {t('testOpened')}
        </p>
      ) : null}
      <ErrorMessage error={start.error} />
    </>
  );
}

type Report = {
  providerId: string;
  ok: boolean;
  error?: string;
  description?: string;
  identity?: { accountId: string; email: string | null; emailVerified: boolean; name: string | null };
  attributes?: Record<string, unknown>;
  emailAllowed?: boolean;
  role?: string;
};

/** The result of a test run this window came back from (`?ssoTest=`): what the IdP sent, or why it was refused. */
function TestResult() {
  const { t } = useTranslation('enterprise');
  const heading = useId();
  const [params] = useSearchParams();
  const id = params.get('ssoTest');
  const result = useQuery({ ...queries.ssoTestResult(id ?? ''), enabled: !!id });
  if (!id) return null;
  const r = result.data as Report | null | undefined;
  return (
    <section className="card stack" aria-labelledby={heading}>
      <h2 id={heading}>{t('testTitle')}</h2>
      <ErrorMessage error={refusalOf(result.error)} />
      {r ? (
        r.ok ? (
          <>
            <p className="message success">{t('testPassed', { id: r.providerId })}</p>
            <dl className="details">
              <dt>{t('testSubject')}</dt>
              <dd className="mono">{r.identity?.accountId}</dd>
              <dt>{t('testEmail')}</dt>
              <dd>
                {r.identity?.email ?? '—'} {r.emailAllowed ? '' : `(${t('testEmailRefused')})`}
              </dd>
              <dt>{t('testName')}</dt>
              <dd>{r.identity?.name ?? '—'}</dd>
              <dt>{t('testRole')}</dt>
              <dd>{r.role}</dd>
            </dl>
            <h3>{t('testAttributes')}</h3>
            <pre className="mono" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>
              {JSON.stringify(r.attributes ?? {}, null, 2)}
            </pre>
          </>
        ) : (
          <div className="message error" role="alert">
            <p>{t('testFailed', { id: r.providerId })}</p>
            <p className="mono">{r.description ? `${r.error}: ${r.description}` : r.error}</p>
          </div>
        )
      ) : null}
    </section>
  );
}

/** "Require single sign-on for this domain": once the domain is verified; owners keep their password (break-glass). */
function RequireSso({ provider }: { provider: Provider }) {
  const { t } = useTranslation('enterprise');
  const toast = useToast();
  const hintId = useId();
  const toggle = useAction((on: boolean) => auth.sso.updateProvider({ providerId: provider.providerId, requireSso: on }));
  const required = provider.requireSso === true;
  return (
    <div className="stack" aria-describedby={hintId}>
      <Checkbox
        label={t('requireSso', { domain: provider.domain })}
        checked={required}
        disabled={toggle.pending || !provider.domainVerified}
        onChange={async (on) => {
          const { data } = await toggle.run(on);
          if (data) toast(t(on ? 'requireSsoOn' : 'requireSsoOff', { domain: provider.domain }));
        }}
      />
      <p id={hintId} className="hint">
        {provider.domainVerified ? t('requireSsoHint') : t('requireSsoNeedsVerified')}
      </p>
      <ErrorMessage error={toggle.error} />
    </div>
  );
}

/** The TXT record to publish (the pending token, the same while it lasts) and the one button that checks it. */
function DomainVerification({ provider }: { provider: Provider }) {
  const { t } = useTranslation('enterprise');
  const toast = useToast();
  const record = useQuery(queries.ssoRecord(provider.organizationId ?? '', provider.providerId));
  const verify = useAction(() => auth.sso.verifyDomain({ providerId: provider.providerId }));
  const domains = provider.domain.split(',');
  const data = record.data;
  return (
    <div className="stack">
      <p>{t('verifyIntro', { domain: provider.domain })}</p>
      <ErrorMessage error={refusalOf(record.error)} />
      {data
        ? domains.map((domain) => (
            <div key={domain} className="stack">
              <CopyField label={domains.length > 1 ? t('recordNameOf', { domain }) : t('recordName')} value={`${data.txtRecordName}.${domain}`} />
              {domain === domains[0] ? <CopyField label={t('recordValue')} value={data.domainVerificationToken} /> : null}
            </div>
          ))
        : null}
      <ErrorMessage
        error={verify.error}
        text={verify.error?.code === 'DOMAIN_VERIFICATION_FAILED' ? t('verifyFailed', { domain: provider.domain }) : undefined}
      />
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
    logoutUrl: provider.samlConfig?.logoutUrl ?? '',
    idpEntityId: provider.samlConfig?.idpMetadata?.entityID ?? provider.issuer,
    issuer: provider.issuer,
    roleAttribute: provider.roleMapping?.attribute ?? '',
    roleRules: rulesText(provider.roleMapping),
  });
  const mapping = roleMappingOf(f.roleAttribute, f.roleRules);
  const [mappingInvalid, setMappingInvalid] = useState(false);
  const set = (key: keyof Form) => (e: { target: { value: string } }) => setF({ ...f, [key]: e.target.value });
  const save = useAction(() =>
    auth.sso.updateProvider({
      providerId: provider.providerId,
      domain: f.domain.trim(),
      // Sent only when changed: null removes it.
      ...(f.roleAttribute !== (provider.roleMapping?.attribute ?? '') || f.roleRules !== rulesText(provider.roleMapping)
        ? { roleMapping: mapping === 'invalid' ? null : mapping }
        : {}),
      ...(saml
        ? {
            issuer: f.idpEntityId.trim(),
            samlConfig: {
              entryPoint: f.entryPoint.trim(),
              // Empty removes it: signing out then ends the session on this app only.
              logoutUrl: f.logoutUrl.trim(),
              idpMetadata: { entityID: f.idpEntityId.trim() },
              ...(f.cert.trim() ? { cert: certsOf(f.cert) } : {}),
            },
          }
        : {
            issuer: f.issuer.trim(),
            ...(f.clientId.trim() || f.clientSecret
              ? { oidcConfig: { ...(f.clientId.trim() ? { clientId: f.clientId.trim() } : {}), ...(f.clientSecret ? { clientSecret: f.clientSecret } : {}) } }
              : {}),
          }),
    }),
  );
  const issues = issuesOf(save.error, provider.type);
  const form = useRef<HTMLFormElement>(null);
  useFocusInvalid(form, save.error);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMappingInvalid(mapping === 'invalid');
    if (mapping === 'invalid') return;
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
          <Field label={t('logoutUrl')} hint={t('logoutUrlHint')} type="url" value={f.logoutUrl} onChange={set('logoutUrl')} error={issues.logoutUrl} />
          <Field label={t('idpEntityId')} type="url" required value={f.idpEntityId} onChange={set('idpEntityId')} error={issues.idpEntityId} />
          <CertificateField
            id={certId}
            label={t('newCertificate')}
            hint={t('keepHint')}
            required={false}
            value={f.cert}
            onChange={set('cert')}
            error={issues.cert}
          />
        </>
      ) : (
        <>
          <Field label={t('issuer')} type="url" required value={f.issuer} onChange={set('issuer')} error={issues.issuer} />
          <Field label={t('clientId')} hint={t('keepHint')} value={f.clientId} onChange={set('clientId')} error={issues.clientId} />
          <Field
            label={t('clientSecret')}
            hint={t('keepHint')}
            type="password"
            autoComplete="off"
            value={f.clientSecret}
            onChange={set('clientSecret')}
            error={issues.clientSecret}
          />
        </>
      )}
      <RoleMappingFields f={f} set={set} error={mappingInvalid ? t('roleRulesInvalid') : issues.roleRules} />
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

/** The attribute or claim that lists groups, and the `group = role` lines. */
function RoleMappingFields({ f, set, error }: { f: Form; set: (key: keyof Form) => (e: { target: { value: string } }) => void; error?: string }) {
  const { t } = useTranslation('enterprise');
  const rulesId = useId();
  return (
    <>
      <Field label={t('roleAttribute')} hint={t('roleAttributeHint')} maxLength={256} value={f.roleAttribute} onChange={set('roleAttribute')} />
      <TextArea
        liveHint
        id={rulesId}
        label={t('roleRules')}
        hint={t('roleRulesHint')}
        rows={3}
        placeholder="admins = admin"
        value={f.roleRules}
        onChange={set('roleRules')}
        error={error}
      />
    </>
  );
}

/**
 * The IdP's metadata, by URL or pasted XML: read by the server (POST /sso/idp-metadata, through
 * its SSRF guard) and the SSO URL, single logout URL, entity ID and certificates filled in for the person to check.
 */
function MetadataReader({
  onRead,
}: {
  onRead: (read: { entityID: string; entryPoint: string; cert: string[]; singleLogoutService?: { Binding: string; Location: string }[] }) => void;
}) {
  const { t } = useTranslation('enterprise');
  const id = useId();
  const [source, setSource] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const read = useAction(() => {
    const text = source.trim();
    return auth.sso.idpMetadata(text.startsWith('<') ? { metadata: text } : { metadataUrl: text });
  });
  const error = read.error ? (read.error.message ?? read.error.code) : undefined;
  return (
    <div className="stack">
      <TextArea
        liveHint
        id={id}
        label={t('metadataSource')}
        hint={done ?? t('metadataSourceHint')}
        rows={3}
        placeholder="https://idp.example.com/app/metadata"
        value={source}
        onChange={(e) => {
          setSource(e.target.value);
          setDone(null);
        }}
        error={error}
      />
      <div className="actions">
        <button
          type="button"
          disabled={read.pending || !source.trim()}
          onClick={async () => {
            const { data } = await read.run();
            if (!data) return;
            onRead(data);
            setDone(t('metadataRead', { entityId: data.entityID }));
          }}
        >
          {t('readMetadata')}
        </button>
      </div>
    </div>
  );
}

/** A monospace text area with its hint and its error under it (the error marks it invalid and describes it). */
function TextArea(props: {
  id: string;
  label: string;
  hint?: string;
  /** The hint is announced as it changes (a live region), e.g. one that reports what was read. */
  liveHint?: boolean;
  rows: number;
  required?: boolean;
  placeholder?: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  error?: string;
}) {
  const hintId = `${props.id}-hint`;
  const errorId = `${props.id}-error`;
  const describedBy = [props.error ? errorId : null, props.hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={props.error ? 'field invalid' : 'field'}>
      <label htmlFor={props.id}>{props.label}</label>
      <textarea
        id={props.id}
        required={props.required}
        rows={props.rows}
        className="mono"
        spellCheck={false}
        placeholder={props.placeholder}
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
        <div id={hintId} className="hint" aria-live={props.liveHint ? 'polite' : undefined}>
          {props.hint}
        </div>
      ) : null}
    </div>
  );
}

function CertificateField(props: {
  id: string;
  label: string;
  hint?: string;
  required: boolean;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  error?: string;
}) {
  return <TextArea {...props} rows={6} placeholder="-----BEGIN CERTIFICATE-----" />;
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
  const mapping = roleMappingOf(f.roleAttribute, f.roleRules);
  const [mappingInvalid, setMappingInvalid] = useState(false);
  const connect = useAction(() =>
    auth.sso.register({
      providerId,
      domain: f.domain.trim(),
      organizationId,
      ...(mapping && mapping !== 'invalid' ? { roleMapping: mapping } : {}),
      ...(protocol === 'saml'
        ? {
            // The IdP's entity ID is the connection's issuer; the SP's is this connection's metadata URL.
            issuer: f.idpEntityId.trim(),
            samlConfig: {
              entryPoint: f.entryPoint.trim(),
              ...(f.logoutUrl.trim() ? { logoutUrl: f.logoutUrl.trim() } : {}),
              cert: certsOf(f.cert),
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
    setMappingInvalid(mapping === 'invalid');
    if (mapping === 'invalid') return;
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
            <MetadataReader
              onRead={(m) =>
                setF({ ...f, entryPoint: m.entryPoint, logoutUrl: redirectSlo(m.singleLogoutService) ?? '', idpEntityId: m.entityID, cert: m.cert.join('') })
              }
            />
            <Field
              label={t('entryPoint')}
              hint={t('entryPointHint')}
              type="url"
              required
              value={f.entryPoint}
              onChange={set('entryPoint')}
              error={issues.entryPoint}
            />
            <Field label={t('logoutUrl')} hint={t('logoutUrlHint')} type="url" value={f.logoutUrl} onChange={set('logoutUrl')} error={issues.logoutUrl} />
            <Field
              label={t('idpEntityId')}
              hint={t('idpEntityIdHint')}
              type="url"
              required
              value={f.idpEntityId}
              onChange={set('idpEntityId')}
              error={issues.idpEntityId}
            />
            <CertificateField id={certId} label={t('certificate')} required value={f.cert} onChange={set('cert')} error={issues.cert} />
          </>
        ) : (
          <>
            <Field label={t('issuer')} hint={t('issuerHint')} type="url" required value={f.issuer} onChange={set('issuer')} error={issues.issuer} />
            <Field label={t('clientId')} required value={f.clientId} onChange={set('clientId')} error={issues.clientId} />
            <Field
              label={t('clientSecret')}
              type="password"
              autoComplete="off"
              required
              value={f.clientSecret}
              onChange={set('clientSecret')}
              error={issues.clientSecret}
            />
          </>
        )}
        <RoleMappingFields f={f} set={set} error={mappingInvalid ? t('roleRulesInvalid') : issues.roleRules} />
        <div className="actions">
          <button type="submit" className="primary" disabled={connect.pending}>
            {t('connect')}
          </button>
        </div>
      </form>
    </section>
  );
}
