import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { Field } from '../../components/Field';
import { ErrorMessage, Notice } from '../../components/Messages';
import { Section } from '../../components/Section';
import { slugify } from '../../lib/slug';
import { readableError } from '../../lib/readable-error';
import { useAction } from '../../lib/use-action';
import { keys, queries } from '../../lib/queries';
import { useDebounced } from '../../lib/use-debounced';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** Asks the server, as the person types, whether a slug is still free. */
function useSlugCheck(slug: string): string {
  const { t } = useTranslation('org');
  const available = t('create.available');
  // Asked once the typing pauses; the last answer stays while the next one loads.
  const settled = useDebounced(slug, 400);
  const check = useQuery({ ...queries.slugCheck(settled), enabled: Boolean(slug && settled), placeholderData: keepPreviousData });
  if (!slug || check.data === undefined) return '';
  return check.data ? (readableError(check.data)?.message ?? '') : available;
}

export function CreateOrganization() {
  const { t } = useTranslation('org');
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const slugMessage = useSlugCheck(slug);
  const create = useAction(
    async () => {
      const result = await auth.organization.create({ name: name.trim(), slug });
      // Make the new organization the active one, whatever the server's default.
      if (result.data) await auth.organization.setActive({ organizationId: result.data.id });
      return result;
    },
    // The person's list gains it; the session (the client reloads it) names it active.
    { invalidates: [keys.organizations.lists] },
  );

  const onName = (value: string) => {
    setName(value);
    if (!slugEdited) setSlug(slugify(value));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setCreated(null);
    const { data } = await create.run();
    if (!data) return;
    setCreated(data.name);
    setName('');
    setSlug('');
    setSlugEdited(false);
  };

  return (
    <Section title={t('create.title')}>
      <p className="muted">{t('create.intro')}</p>
      <form onSubmit={submit} className="form">
        <Field label={t('create.name')} required value={name} onChange={(e) => onName(e.target.value)} />
        <Field
          label={t('create.slug')}
          required
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          value={slug}
          onChange={(e) => {
            setSlugEdited(true);
            setSlug(e.target.value);
          }}
          hint={<span aria-live="polite">{slugMessage || t('create.slugHint')}</span>}
        />
        <ErrorMessage error={create.error} />
        {created ? <Notice>{t('create.done', { name: created })}</Notice> : null}
        <div className="actions">
          <button type="submit" className="primary" disabled={create.pending}>
            {t('create.submit')}
          </button>
        </div>
      </form>
    </Section>
  );
}
