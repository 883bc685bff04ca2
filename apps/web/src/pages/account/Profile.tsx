import type { User } from '../../auth';
import { type FormEvent, useState } from 'react';
import { auth } from '../../auth';
import { Field } from '../../components/Field';
import { ErrorMessage, Notice } from '../../components/Messages';
import { Section } from '../../components/Section';
import { useAction } from '../../lib/use-action';

export function Profile({ user }: { user: User }) {
  const [name, setName] = useState(user.name);
  const [image, setImage] = useState(user.image ?? '');
  const [saved, setSaved] = useState(false);
  const save = useAction(() => {
    const url = image.trim();
    // Send the image only when set or cleared, so an untouched empty field changes nothing.
    const imageChange = url ? { image: url } : user.image ? { image: null } : {};
    return auth.updateUser({ name: name.trim(), ...imageChange });
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const { error } = await save.run();
    if (error) return;
    // The fields show what was saved (trimmed), not what was typed.
    setName(name.trim());
    setImage(image.trim());
    setSaved(true);
  };

  return (
    <Section title="Profile">
      <div className="profile">
        {user.image ? <img className="avatar" src={user.image} alt="Profile" width={56} height={56} /> : null}
        <div>
          <p className="strong">{user.name}</p>
          {user.username ? <p className="muted">@{user.username}</p> : null}
        </div>
      </div>
      <form onSubmit={submit} className="form">
        <Field label="Name" autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} />
        <Field
          label="Image URL"
          type="url"
          autoComplete="photo"
          placeholder="https://…"
          value={image}
          onChange={(e) => setImage(e.target.value)}
        />
        <ErrorMessage error={save.error} />
        {saved ? <Notice>Profile saved.</Notice> : null}
        <button type="submit" disabled={save.pending}>
          Save profile
        </button>
      </form>
    </Section>
  );
}
