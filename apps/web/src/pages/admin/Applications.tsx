import { type FormEvent, useState } from 'react';
import { auth } from '../../auth';
import { CopyField } from '../../components/CopyField';
import { Field } from '../../components/Field';
import { Empty, ErrorMessage, Loading } from '../../components/Messages';
import { Section } from '../../components/Section';
import { useServerQuery } from '../../lib/server-state';
import { useAction } from '../../lib/use-action';
import { ApplicationItem } from './ApplicationItem';

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
  const apps = useServerQuery('oauth-applications', () => auth.oauth2.listApplications());
  const [name, setName] = useState('');
  const [uris, setUris] = useState('');
  const [isPublic, setPublic] = useState(false);
  const [firstParty, setFirstParty] = useState(false);
  const [secret, setSecret] = useState<{ clientId: string; clientSecret?: string } | null>(null);
  const create = useAction(() => auth.oauth2.createApplication({ name: name.trim(), redirectURIs: lines(uris), public: isPublic, firstParty }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { data } = await create.run();
    if (data) {
      setSecret({ clientId: data.clientId, ...(data.clientSecret ? { clientSecret: data.clientSecret } : {}) });
      setName('');
      setUris('');
    }
  };

  const list = apps.data;
  return (
    <Section title="Applications">
      <p>Apps that sign their users in with this Gatehouse (OpenID Connect).</p>
      <ErrorMessage error={apps.error} />
      {!list && !apps.error ? <Loading /> : null}
      {list && list.length === 0 ? <Empty>No applications yet.</Empty> : null}
      {list && list.length > 0 ? (
        <ul className="list">
          {list.map((app) => (
            <ApplicationItem key={app.clientId} app={app} onSecret={setSecret} />
          ))}
        </ul>
      ) : null}
      {secret ? (
        <div className="form" role="status">
          <CopyField label="Client ID" value={secret.clientId} />
          {secret.clientSecret ? <CopyField label="Client secret (shown once)" value={secret.clientSecret} /> : null}
        </div>
      ) : null}
      <form onSubmit={submit} className="form">
        <h3>Register an application</h3>
        <Field label="Application name" value={name} required maxLength={100} onChange={(e) => setName(e.target.value)} />
        <Field
          label="Redirect URIs"
          hint="Separated by spaces; none for a machine client (client credentials only)."
          value={uris}
          onChange={(e) => setUris(e.target.value)}
        />
        <div className="check">
          <input id="app-public" type="checkbox" checked={isPublic} onChange={(e) => setPublic(e.target.checked)} />
          <label htmlFor="app-public">Public client (no secret: a browser or mobile app)</label>
        </div>
        <div className="check">
          <input id="app-first-party" type="checkbox" checked={firstParty} onChange={(e) => setFirstParty(e.target.checked)} />
          <label htmlFor="app-first-party">First-party (no consent page)</label>
        </div>
        <ErrorMessage error={create.error} />
        <button type="submit" className="primary" disabled={create.pending}>
          Register
        </button>
      </form>
    </Section>
  );
}
