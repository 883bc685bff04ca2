import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../../auth';
import { Checkbox, Field } from '../../../components/Field';
import { ErrorMessage } from '../../../components/Messages';
import { Section } from '../../../components/Section';
import { localError, useAction } from '../../../lib/use-action';

/** "Add webhook": a URL and the events to send there (checkboxes); the server makes the secret. */
export function CreateWebhook({ events, onClose, onCreated }: { events: readonly string[]; onClose: () => void; onCreated: (url: string, secret: string) => void }) {
  const { t } = useTranslation('admin');
  const [url, setUrl] = useState('');
  const [chosen, setChosen] = useState<string[]>(['user.created']);
  const create = useAction(() => auth.webhooks.create({ url: url.trim(), events: chosen }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen.length) {
      create.setError(localError(t('webhooks.chooseEvent')));
      return;
    }
    const { data } = await create.run();
    if (data) onCreated(data.url, data.secret);
  };
  const toggle = (type: string, on: boolean) => setChosen((now) => (on ? [...now, type] : now.filter((t) => t !== type)));

  return (
    <Section title={t('webhooks.add')} focusOnMount>
      <form onSubmit={submit} className="form">
        <Field label={t('webhooks.url')} type="url" required value={url} placeholder="https://example.com/webhooks/gatehouse" hint={t('webhooks.urlHint')} onChange={(e) => setUrl(e.target.value)} />
        <fieldset className="events">
          <legend>{t('webhooks.eventsLegend')}</legend>
          {events.map((type) => (
            <Checkbox key={type} label={type} checked={chosen.includes(type)} onChange={(on) => toggle(type, on)} />
          ))}
        </fieldset>
        <ErrorMessage error={create.error} />
        <div className="actions">
          <button type="submit" className="primary" disabled={create.pending}>
            {t('webhooks.create')}
          </button>
          <button type="button" onClick={onClose} disabled={create.pending}>
            {t('webhooks.cancel')}
          </button>
        </div>
      </form>
    </Section>
  );
}
