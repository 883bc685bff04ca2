import type { User } from '../../auth';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { Avatar } from '../../components/Avatar';
import { Field } from '../../components/Field';
import { ErrorMessage } from '../../components/Messages';
import { Section } from '../../components/Section';
import { useToast } from '../../components/Toasts';
import { fieldErrors } from '../../lib/field-errors';
import { useAction } from '../../lib/use-action';

/** Name and picture (the saved picture, else the initials); the server's refusals show under their field. */
export function Profile({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const [name, setName] = useState(user.name);
  const [image, setImage] = useState(user.image ?? '');
  const save = useAction(() => {
    const url = image.trim();
    // Send the image only when set or cleared, so an untouched empty field changes nothing.
    const imageChange = url ? { image: url } : user.image ? { image: null } : {};
    return auth.updateUser({ name: name.trim(), ...imageChange });
  });
  const errors = fieldErrors(save.error);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { error } = await save.run();
    if (error) return;
    // The fields show what was saved (trimmed), not what was typed.
    setName(name.trim());
    setImage(image.trim());
    // Said once, by the toast.
    toast(t('profile.saved'));
  };

  return (
    <Section title={t('profile.title')} description={t('profile.description')}>
      <div className="profile">
        <Avatar name={user.name} email={user.email} image={user.image} size={64} />
        <div className="profile-who">
          <p className="strong">{user.name || user.email}</p>
          <p className="muted">{user.email}</p>
          {user.username ? <p className="muted">@{user.username}</p> : null}
        </div>
      </div>
      <form onSubmit={submit} className="form">
        <Field
          label={t('profile.name')}
          autoComplete="name"
          required
          value={name}
          error={errors.name}
          onChange={(e) => setName(e.target.value)}
        />
        <Field
          label={t('profile.image')}
          type="url"
          autoComplete="photo"
          placeholder="https://…"
          hint={t('profile.imageHint')}
          value={image}
          error={errors.image}
          onChange={(e) => setImage(e.target.value)}
        />
        <ErrorMessage error={save.error} fieldsShown />
        <button type="submit" className="primary" disabled={save.pending}>
          {t('profile.save')}
        </button>
      </form>
    </Section>
  );
}
