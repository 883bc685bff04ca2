import { type FormEvent, useState } from 'react';
import { auth } from '../../auth';
import { Field, Select } from '../../components/Field';
import { ErrorMessage, Notice } from '../../components/Messages';
import { useAction } from '../../lib/use-action';
import { ORGANIZATION_ROLES } from './roles';

export function InviteMember({ organizationId }: { organizationId: string }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('member');
  const [invited, setInvited] = useState<string | null>(null);
  const invite = useAction(() =>
    auth.organization.inviteMember({ email: email.trim(), role, organizationId }),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setInvited(null);
    const { data } = await invite.run();
    if (!data) return;
    setInvited(data.email);
    setEmail('');
  };

  return (
    <form onSubmit={submit} className="form">
      <h3>Invite a member</h3>
      <Field label="Email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <Select label="Role" value={role} options={ORGANIZATION_ROLES} onChange={setRole} />
      <ErrorMessage error={invite.error} />
      {invited ? <Notice>{invited} was invited.</Notice> : null}
      <button type="submit" className="primary" disabled={invite.pending}>
        Invite
      </button>
    </form>
  );
}
