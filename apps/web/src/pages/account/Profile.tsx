import type { User } from '../../auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { Avatar } from '../../components/Avatar';
import { Field } from '../../components/Field';
import { FormDialog } from '../../components/FormDialog';
import { ErrorMessage } from '../../components/Messages';
import { Section } from '../../components/Section';
import { SettingRow } from '../../components/SettingRow';
import { useToast } from '../../components/Toasts';
import { fieldErrors } from '../../lib/field-errors';
import { useAction } from '../../lib/use-action';

/**
 * Name and picture as one row (the saved picture, else the initials); "Edit profile" opens a dialog
 * whose refusals show under their field.
 */
export function Profile({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(user.name);
  const [image, setImage] = useState(user.image ?? '');
  const save = useAction(() => {
    const url = image.trim();
    // Send the image only when set or cleared, so an untouched empty field changes nothing.
    const imageChange = url ? { image: url } : user.image ? { image: null } : {};
    return auth.updateUser({ name: name.trim(), ...imageChange });
  });
  const errors = fieldErrors(save.error);

  const edit = () => {
    // The dialog starts from what is saved.
    setName(user.name);
    setImage(user.image ?? '');
    save.setError(null);
    setOpen(true);
  };
  const submit = async () => {
    const { error } = await save.run();
    if (error) return;
    setOpen(false);
    // Said once, by the toast.
    toast(t('profile.saved'));
  };

  return (
    <Section title={t('profile.title')} description={t('profile.description')}>
      <SettingRow
        label={t('profile.row')}
        value={
          <span className="profile">
            <Avatar name={user.name} email={user.email} image={user.image} size={40} />
            <span className="profile-who">
              <span className="strong">{user.name || user.email}</span>
              {user.username ? <span className="muted">@{user.username}</span> : null}
            </span>
          </span>
        }
        action={
          <button type="button" onClick={edit}>
            {t('profile.edit')}
          </button>
        }
      />
      <FormDialog
        open={open}
        title={t('profile.edit')}
        submitLabel={t('profile.save')}
        pending={save.pending}
        error={save.error}
        onSubmit={submit}
        onClose={() => setOpen(false)}
      >
        <Field label={t('profile.name')} autoComplete="name" required autoFocus value={name} error={errors.name} onChange={(e) => setName(e.target.value)} />
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
      </FormDialog>
    </Section>
  );
}
