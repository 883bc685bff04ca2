import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FullOrganization } from '../../auth';
import { auth } from '../../auth';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Field, Select } from '../../components/Field';
import { Empty, ErrorMessage } from '../../components/Messages';
import { useToast } from '../../components/Toasts';
import { keys, queries } from '../../lib/queries';
import { refusalOf } from '../../lib/query-client';
import { afterAnswer, useAction } from '../../lib/use-action';

interface Team {
  id: string;
  name: string;
}

interface Props {
  team: Team;
  organization: FullOrganization;
  /** The person is in the team: only then may they see its members or make it active. */
  isMine: boolean;
  isActive: boolean;
  /** The user ids already in the team (undefined while unknown): the picker offers everyone else. */
  inTeam: readonly string[] | undefined;
  can: { update: boolean; remove: boolean; addMember: boolean; removeMember: boolean };
}

/** What a change to a team or its members changes: the organization's teams (their members, who is where) and everyone's teams in it. */
const teamsChanged = (organizationId: string) => [keys.organizations.teams(organizationId), keys.organizations.allUserTeams(organizationId)];

/** One team, as a region named after it: making it active, renaming, removing, its members. */
export function TeamItem({ team, organization, isMine, isActive, inTeam, can }: Props) {
  const { t } = useTranslation('teams');
  const toast = useToast();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(team.name);
  const [asking, setAsking] = useState(false);
  // The active team is the session's: the client reads it again itself.
  const activate = useAction(() => auth.organization.setActiveTeam({ teamId: team.id }), { invalidates: [] });
  const rename = useAction(() => auth.organization.updateTeam({ teamId: team.id, data: { name: name.trim(), organizationId: organization.id } }), {
    invalidates: teamsChanged(organization.id),
  });
  const remove = useAction(() => auth.organization.removeTeam({ teamId: team.id, organizationId: organization.id }), {
    invalidates: teamsChanged(organization.id),
  });

  const saveName = async (event: FormEvent) => {
    event.preventDefault();
    const { data } = await rename.run();
    if (!data) return;
    setRenaming(false);
    toast(t('teams.renamed', { name: data.name }));
  };
  const confirmRemove = async () => {
    const { error } = await remove.run();
    setAsking(false);
    if (!error) toast(t('teams.removed', { name: team.name }));
  };

  return (
    <li className="list-item settings-item">
      <div className="member-who">
        <div>
          <h3>{team.name}</h3>
          <p className="muted">
            {isActive ? <span className="badge ok">{t('teams.active')}</span> : null} {isMine ? t('teams.yours') : null}
          </p>
        </div>
      </div>
      <ErrorMessage error={activate.error ?? remove.error} />
      <div className="actions">
        {isMine && !isActive ? (
          <button
            type="button"
            disabled={activate.pending}
            onClick={async () => {
              if (!(await activate.run()).error) toast(t('teams.madeActive', { name: team.name }));
            }}
          >
            {t('teams.makeActive')}
            <span className="visually-hidden"> {team.name}</span>
          </button>
        ) : null}
        {can.update && !renaming ? (
          <button type="button" onClick={() => setRenaming(true)}>
            {t('teams.rename')}
            <span className="visually-hidden"> {team.name}</span>
          </button>
        ) : null}
        {can.remove && !isActive ? (
          <button type="button" className="danger" onClick={() => setAsking(true)} disabled={remove.pending}>
            {t('teams.remove')}
            <span className="visually-hidden"> {team.name}</span>
          </button>
        ) : null}
      </div>
      {renaming ? (
        <form onSubmit={saveName} className="form">
          <ErrorMessage error={rename.error} />
          <Field label={t('teams.name')} required maxLength={255} value={name} onChange={(e) => setName(e.target.value)} />
          <div className="actions">
            <button type="submit" className="primary" disabled={rename.pending}>
              {t('teams.save')}
            </button>
          </div>
        </form>
      ) : null}
      {isMine ? <TeamMembers team={team} organization={organization} canRemove={can.removeMember} /> : <p className="muted">{t('teams.membersHidden')}</p>}
      {can.addMember && inTeam ? <AddTeamMember team={team} organization={organization} inTeam={inTeam} /> : null}
      <ConfirmDialog
        open={asking}
        title={t('teams.removeTitle', { name: team.name })}
        confirmLabel={t('teams.remove')}
        destructive
        pending={remove.pending}
        onConfirm={confirmRemove}
        onCancel={() => setAsking(false)}
      >
        <p>{t('teams.removeBody')}</p>
      </ConfirmDialog>
    </li>
  );
}

/** The people of a team, named from the organization's member list. */
function TeamMembers({ team, organization, canRemove }: { team: Team; organization: FullOrganization; canRemove: boolean }) {
  const { t } = useTranslation('teams');
  const toast = useToast();
  const members = useQuery(queries.teamMembers(organization.id, team.id));
  const [error, setError] = useState<Parameters<typeof ErrorMessage>[0]['error']>(null);
  const nameOf = (userId: string) => {
    const user = organization.members.find((m) => m.userId === userId)?.user;
    return user?.name || user?.email || userId;
  };
  const removeMember = async (userId: string) => {
    const result = await auth.organization.removeTeamMember({ teamId: team.id, userId, organizationId: organization.id });
    setError(result.error);
    if (!result.error) toast(t('teams.memberRemoved', { name: nameOf(userId) }));
    afterAnswer(result, teamsChanged(organization.id));
  };
  return (
    <div className="stack">
      <h4>{t('teams.members')}</h4>
      <ErrorMessage error={refusalOf(members.error) ?? error} />
      {members.data && members.data.length === 0 ? <Empty>{t('teams.noMembers')}</Empty> : null}
      <ul className="list">
        {(members.data ?? []).map((m) => (
          <li key={m.id} className="list-item">
            <span>{nameOf(m.userId)}</span>
            {canRemove ? (
              <button type="button" onClick={() => removeMember(m.userId)}>
                {t('teams.removeMember')}
                <span className="visually-hidden"> {t('teams.about', { name: nameOf(m.userId) })}</span>
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Adding one of the organization's members who is not in the team yet. */
function AddTeamMember({ team, organization, inTeam }: { team: Team; organization: FullOrganization; inTeam: readonly string[] }) {
  const { t } = useTranslation('teams');
  const toast = useToast();
  const options = organization.members
    .filter((m) => !inTeam.includes(m.userId))
    .map((m) => ({ value: m.userId, label: m.user.name ? `${m.user.name} (${m.user.email})` : m.user.email }));
  const [chosen, setUserId] = useState(options[0]?.value ?? '');
  // The one chosen may have been added meanwhile (here or elsewhere): then the first one left.
  const userId = options.some((o) => o.value === chosen) ? chosen : (options[0]?.value ?? '');
  const add = useAction(() => auth.organization.addTeamMember({ teamId: team.id, userId, organizationId: organization.id }), {
    invalidates: teamsChanged(organization.id),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!(await add.run()).error) toast(t('teams.added', { name: options.find((o) => o.value === userId)?.label ?? userId }));
  };
  if (!options.length) return <p className="muted">{t('teams.everyoneIn')}</p>;
  return (
    <form onSubmit={submit} className="form">
      <h4>{t('teams.addMember')}</h4>
      <ErrorMessage error={add.error} />
      <Select label={t('teams.person')} value={userId} options={options} onChange={setUserId} />
      <div className="actions">
        <button type="submit" disabled={add.pending}>
          {t('teams.add')}
          <span className="visually-hidden"> {team.name}</span>
        </button>
      </div>
    </form>
  );
}
