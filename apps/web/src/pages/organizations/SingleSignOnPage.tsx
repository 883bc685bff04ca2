import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FullOrganization } from '../../auth';
import { auth } from '../../auth';
import { CopyField } from '../../components/CopyField';
import { Field } from '../../components/Field';
import { Empty, ErrorMessage } from '../../components/Messages';
import { useToast } from '../../components/Toasts';
import { useServerQuery } from '../../lib/server-state';
import { useAction } from '../../lib/use-action';
import { OrganizationSettings } from './OrganizationSettings';

type Provider = {
  providerId: string;
  type: 'saml' | 'oidc';
  domain: string;
  domainVerified: boolean;
  organizationId: string | null;
  spMetadataUrl: string;
  samlConfig?: { spMetadata?: { entityID?: string } };
};

const apiBase = () => `${window.location.origin}/api/auth`;

/** The active organization's identity-provider connections (enterprise SSO): connect, verify the domain, remove. */
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

function Connection({ provider }: { provider: Provider }) {
  const { t } = useTranslation('enterprise');
  const toast = useToast();
  const [record, setRecord] = useState<{ name: string; value: string } | null>(null);
  const request = useAction(() => auth.sso.requestDomainVerification({ providerId: provider.providerId }));
  const verify = useAction(() => auth.sso.verifyDomain({ providerId: provider.providerId }));
  const remove = useAction(() => auth.sso.deleteProvider({ providerId: provider.providerId }));
  const id = encodeURIComponent(provider.providerId);
  const firstDomain = provider.domain.split(',')[0] ?? provider.domain;
  return (
    <li className="stack">
      <h3>
        {provider.providerId} · {provider.type === 'saml' ? t('saml') : t('oidc')} · {provider.domain} ·{' '}
        {provider.domainVerified ? t('verified') : t('notVerified')}
      </h3>
      {provider.type === 'saml' ? (
        <>
          <CopyField label={t('acs')} value={`${apiBase()}/sso/saml2/sp/acs/${id}`} />
          {provider.samlConfig?.spMetadata?.entityID ? <CopyField label={t('spEntityId')} value={provider.samlConfig.spMetadata.entityID} /> : null}
          <CopyField label={t('metadata')} value={provider.spMetadataUrl} />
        </>
      ) : (
        <CopyField label={t('redirectUri')} value={`${apiBase()}/sso/callback/${id}`} />
      )}
      {record ? (
        <>
          <CopyField label={t('recordName')} value={`${record.name}.${firstDomain}`} />
          <CopyField label={t('recordValue')} value={record.value} />
        </>
      ) : null}
      <ErrorMessage error={request.error ?? verify.error ?? remove.error} />
      <div className="actions">
        {!provider.domainVerified && !record ? (
          <button
            type="button"
            disabled={request.pending}
            onClick={async () => {
              const { data } = await request.run();
              if (data) setRecord({ name: data.txtRecordName, value: data.domainVerificationToken });
            }}
          >
            {t('getRecord')}
          </button>
        ) : null}
        {!provider.domainVerified ? (
          <button
            type="button"
            disabled={verify.pending}
            onClick={async () => {
              const { data } = await verify.run();
              if (data) toast(t('verifiedNow', { domain: provider.domain }));
            }}
          >
            {t('verify')}
          </button>
        ) : null}
        <button
          type="button"
          className="danger"
          aria-label={t('removeNamed', { id: provider.providerId })}
          disabled={remove.pending}
          onClick={async () => {
            const { data } = await remove.run();
            if (data) toast(t('removed', { id: provider.providerId }));
          }}
        >
          {t('remove')}
        </button>
      </div>
    </li>
  );
}

function Connect({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('enterprise');
  const heading = useId();
  const protocolId = useId();
  const certId = useId();
  const toast = useToast();
  const [protocol, setProtocol] = useState<'saml' | 'oidc'>('saml');
  const [f, setF] = useState({ providerId: '', domain: '', issuer: '', entryPoint: '', idpEntityId: '', cert: '', spEntityId: '', clientId: '', clientSecret: '' });
  const set = (key: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [key]: e.target.value });
  const connect = useAction(() =>
    auth.sso.register({
      providerId: f.providerId.trim(),
      issuer: f.issuer.trim(),
      domain: f.domain.trim(),
      organizationId,
      ...(protocol === 'saml'
        ? {
            samlConfig: {
              entryPoint: f.entryPoint.trim(),
              cert: f.cert,
              idpMetadata: { entityID: f.idpEntityId.trim() || f.issuer.trim() },
              ...(f.spEntityId.trim() ? { spMetadata: { entityID: f.spEntityId.trim() } } : {}),
              wantAssertionsSigned: true,
            },
          }
        : { oidcConfig: { clientId: f.clientId.trim(), clientSecret: f.clientSecret, pkce: true } }),
    }),
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { data } = await connect.run();
    if (!data) return;
    toast(t('connected', { id: data.providerId }));
    setF({ providerId: '', domain: '', issuer: '', entryPoint: '', idpEntityId: '', cert: '', spEntityId: '', clientId: '', clientSecret: '' });
  };
  return (
    <section className="card" aria-labelledby={heading}>
      <form onSubmit={submit} className="form">
        <h2 id={heading}>{t('connectTitle')}</h2>
        <ErrorMessage error={connect.error} />
        <div className="field">
          <label htmlFor={protocolId}>{t('protocol')}</label>
          <select id={protocolId} value={protocol} onChange={(e) => setProtocol(e.target.value as 'saml' | 'oidc')}>
            <option value="saml">{t('saml')}</option>
            <option value="oidc">{t('oidc')}</option>
          </select>
        </div>
        <Field label={t('providerId')} hint={t('providerIdHint')} required maxLength={128} pattern="[A-Za-z0-9._\-]+" value={f.providerId} onChange={set('providerId')} />
        <Field label={t('domain')} hint={t('domainHint')} required maxLength={255} value={f.domain} onChange={set('domain')} />
        <Field label={t('issuer')} type="url" required value={f.issuer} onChange={set('issuer')} />
        {protocol === 'saml' ? (
          <>
            <Field label={t('entryPoint')} type="url" required value={f.entryPoint} onChange={set('entryPoint')} />
            <Field label={t('idpEntityId')} value={f.idpEntityId} onChange={set('idpEntityId')} />
            <Field label={t('spEntityId')} value={f.spEntityId} onChange={set('spEntityId')} />
            <div className="field">
              <label htmlFor={certId}>{t('certificate')}</label>
              <textarea id={certId} required rows={6} className="mono" value={f.cert} onChange={set('cert')} />
            </div>
          </>
        ) : (
          <>
            <Field label={t('clientId')} required value={f.clientId} onChange={set('clientId')} />
            <Field label={t('clientSecret')} type="password" autoComplete="off" required value={f.clientSecret} onChange={set('clientSecret')} />
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
