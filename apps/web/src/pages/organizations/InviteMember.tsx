import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../auth';
import { Field, Select } from '../../components/Field';
import { ErrorMessage, Notice } from '../../components/Messages';
import { fieldErrors, formLevelError, INVITE_CODES } from '../../lib/field-errors';
import { useAction } from '../../lib/use-action';
import { useFocusInvalid } from '../../lib/use-focus-invalid';
import { useRoleOptions } from './RoleName';
import { useOrganizationRoles } from './custom-roles';
import { keys } from '../../lib/queries';

export function InviteMember({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('org');
  const roleOptions = useRoleOptions(useOrganizationRoles(organizationId));
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('member');
  const [invited, setInvited] = useState<string | null>(null);
  // The organization's pending invitations gain one.
  const invite = useAction(() => auth.organization.inviteMember({ email: email.trim(), role, organizationId }), {
    invalidates: [keys.organizations.full(organizationId)],
  });
  // Refusals about the address are said under Email; the rest beside the button, where the success is said.
  const errors = fieldErrors(invite.error, INVITE_CODES);
  const form = useRef<HTMLFormElement>(null);
  useFocusInvalid(form, invite.error);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setInvited(null);
    const { data } = await invite.run();
    if (!data) return;
    setInvited(data.email);
    setEmail('');
  };

  return (
    <form ref={form} onSubmit={submit} className="form org-part">
      <h3>{t('invite.title')}</h3>
      <p className="muted">{t('invite.hint')}</p>
      <Field label={t('invite.email')} type="email" required value={email} error={errors.email} onChange={(e) => setEmail(e.target.value)} />
      <Select label={t('invite.role')} value={role} options={roleOptions} onChange={setRole} />
      <ErrorMessage error={formLevelError(invite.error, INVITE_CODES)} fieldsShown />
      {/* Beside the form (not a toast): the person may invite the next one at once. */}
      {invited ? <Notice>{t('invite.done', { email: invited })}</Notice> : null}
      <div className="actions">
        <button type="submit" className="primary" disabled={invite.pending}>
          {t('invite.submit')}
        </button>
      </div>
    </form>
  );
}
