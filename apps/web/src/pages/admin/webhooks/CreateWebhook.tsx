import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../../auth';
import { Checkbox, Field } from '../../../components/Field';
import { ErrorMessage } from '../../../components/Messages';
import { Section } from '../../../components/Section';
import { fieldErrors, formLevelError, WEBHOOK_CODES } from '../../../lib/field-errors';
import { localError, useAction } from '../../../lib/use-action';
import { useFocusInvalid } from '../../../lib/use-focus-invalid';
import { keys } from '../../../lib/queries';

/** "Add webhook": a URL and the events to send there (checkboxes); the server makes the secret. */
export function CreateWebhook({
  events,
  onClose,
  onCreated,
}: {
  events: readonly string[];
  onClose: () => void;
  onCreated: (url: string, secret: string) => void;
}) {
  const { t } = useTranslation('admin');
  const [url, setUrl] = useState('');
  const [chosen, setChosen] = useState<string[]>(['user.created']);
  const create = useAction(() => auth.webhooks.create({ url: url.trim(), events: chosen }), { invalidates: [keys.admin.webhooks] });
  // A refused URL is said under the URL field, not below the list of events.
  const errors = fieldErrors(create.error, WEBHOOK_CODES);
  const form = useRef<HTMLFormElement>(null);
  useFocusInvalid(form, create.error);

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
      <form ref={form} onSubmit={submit} className="form">
        <Field
          label={t('webhooks.url')}
          type="url"
          required
          value={url}
          placeholder="https://example.com/webhooks/gatehouse"
          hint={t('webhooks.urlHint')}
          error={errors.url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <fieldset className="events">
          <legend>{t('webhooks.eventsLegend')}</legend>
          {events.map((type) => (
            <Checkbox key={type} label={type} checked={chosen.includes(type)} onChange={(on) => toggle(type, on)} />
          ))}
        </fieldset>
        <ErrorMessage error={formLevelError(create.error, WEBHOOK_CODES)} fieldsShown />
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
