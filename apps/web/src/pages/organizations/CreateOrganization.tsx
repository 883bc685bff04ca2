import { type FormEvent, useEffect, useState } from 'react';
import { auth } from '../../auth';
import { Field } from '../../components/Field';
import { ErrorMessage, Notice } from '../../components/Messages';
import { Section } from '../../components/Section';
import { slugify } from '../../lib/slug';
import { useAction } from '../../lib/use-action';

/** Asks the server, as the person types, whether a slug is still free. */
function useSlugCheck(slug: string): string {
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (!slug) {
      setMessage('');
      return;
    }
    let current = true;
    const timer = setTimeout(async () => {
      const { error } = await auth.organization.checkSlug({ slug });
      if (current) setMessage(error ? error.message : 'This slug is available.');
    }, 400);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [slug]);
  return message;
}

export function CreateOrganization() {
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const slugMessage = useSlugCheck(slug);
  const create = useAction(async () => {
    const result = await auth.organization.create({ name: name.trim(), slug });
    // Make the new organization the active one, whatever the server's default.
    if (result.data) await auth.organization.setActive({ organizationId: result.data.id });
    return result;
  });

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
    <Section title="Create organization">
      <form onSubmit={submit} className="form">
        <Field label="Name" required value={name} onChange={(e) => onName(e.target.value)} />
        <Field
          label="Slug"
          required
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          value={slug}
          onChange={(e) => {
            setSlugEdited(true);
            setSlug(e.target.value);
          }}
          hint={<span aria-live="polite">{slugMessage || 'Lowercase letters, digits and dashes.'}</span>}
        />
        <ErrorMessage error={create.error} />
        {created ? <Notice>Organization {created} was created and is now active.</Notice> : null}
        <button type="submit" className="primary" disabled={create.pending}>
          Create organization
        </button>
      </form>
    </Section>
  );
}
