import { type FormEvent, useId, useState } from 'react';
import { auth } from '../../auth';
import { CopyField } from '../../components/CopyField';
import { Field } from '../../components/Field';
import { Empty, ErrorMessage, Loading } from '../../components/Messages';
import { Section } from '../../components/Section';
import { useServerQuery } from '../../lib/server-state';
import { useAction } from '../../lib/use-action';
import { ApiKeyItem } from './ApiKeyItem';

const DAY = 86_400;

/** The expiries offered, in seconds (null: never); the server's default bounds are 1 to 365 days. */
const EXPIRIES: { label: string; seconds: number | null }[] = [
  { label: '7 days', seconds: 7 * DAY },
  { label: '30 days', seconds: 30 * DAY },
  { label: '90 days', seconds: 90 * DAY },
  { label: '1 year', seconds: 365 * DAY },
  { label: 'Never', seconds: null },
];

/** Account → API keys: create one (shown once, with a copy button), list them, delete after a confirmation. */
export function ApiKeys({ userId }: { userId: string }) {
  const keys = useServerQuery(`api-keys:${userId}`, () => auth.apiKey.list());
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('30 days');
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const expiryId = useId();
  const create = useAction(() => {
    const chosen = EXPIRIES.find((e) => e.label === expiry);
    return auth.apiKey.create({ name: name.trim(), expiresIn: chosen?.seconds ?? null });
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setCreated(null);
    const { data } = await create.run();
    if (data) {
      setCreated({ name: data.name ?? 'API key', key: data.key });
      setName('');
    }
  };

  const list = keys.data;
  return (
    <Section title="API keys">
      <p>Let a script or another service act as you: it sends the key in the <code>x-api-key</code> header.</p>
      <ErrorMessage error={keys.error} />
      {!list && !keys.error ? <Loading /> : null}
      {list && list.length === 0 ? <Empty>No API keys yet.</Empty> : null}
      {list && list.length > 0 ? (
        <ul className="list">
          {list.map((key) => (
            <ApiKeyItem key={key.id} apiKey={key} />
          ))}
        </ul>
      ) : null}
      {created ? (
        <div className="message" role="status">
          <p className="strong">API key "{created.name}" created. Copy it now: it will not be shown again.</p>
          <CopyField label="API key" value={created.key} />
          <button type="button" onClick={() => setCreated(null)}>
            Done
          </button>
        </div>
      ) : null}
      <form onSubmit={submit} className="form">
        <Field label="Key name" value={name} required maxLength={32} placeholder="e.g. Deploy script" onChange={(e) => setName(e.target.value)} />
        <div className="field">
          <label htmlFor={expiryId}>Expires after</label>
          <select id={expiryId} value={expiry} onChange={(e) => setExpiry(e.target.value)}>
            {EXPIRIES.map((e) => (
              <option key={e.label} value={e.label}>
                {e.label}
              </option>
            ))}
          </select>
        </div>
        <ErrorMessage error={create.error} />
        <button type="submit" className="primary" disabled={create.pending}>
          Create API key
        </button>
      </form>
    </Section>
  );
}
