import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthResult } from '@gatehouse/client';
import type { FullOrganization } from '../../auth';
import { auth, useSession } from '../../auth';
import { Field } from '../../components/Field';
import { Empty, ErrorMessage } from '../../components/Messages';
import { useToast } from '../../components/Toasts';
import { keys, queries } from '../../lib/queries';
import { refusalOf, unwrap } from '../../lib/query-client';
import { useAction } from '../../lib/use-action';
import { OrganizationSettings } from './OrganizationSettings';
import { useCan } from './permissions';
import { TeamItem } from './TeamItem';

/** The active organization's teams: creating, renaming, removing, their members, the person's active team. */
export function TeamsPage() {
  const { t } = useTranslation('teams');
  return (
    <OrganizationSettings title={t('teams.title')} enabled={(f) => f.organizationTeams}>
      {(organization, userId) => <Teams organization={organization} userId={userId} />}
    </OrganizationSettings>
  );
}

function Teams({ organization, userId }: { organization: FullOrganization; userId: string }) {
  const { t } = useTranslation('teams');
  const heading = useId();
  const { data: session } = useSession();
  const teams = useQuery(queries.teams(organization.id));
  const mine = useQuery(queries.userTeams(organization.id, userId));
  const can = {
    create: useCan(organization.id, { team: ['create'] }),
    update: useCan(organization.id, { team: ['update'] }),
    remove: useCan(organization.id, { team: ['delete'] }),
    addMember: useCan(organization.id, { member: ['update'] }),
    removeMember: useCan(organization.id, { member: ['delete'] }),
  };
  // Who is in which team, for the "Add a member" pickers (list-team-members answers only a team's own members; list-user-teams
  // answers anyone's to those who may add them, member:update).
  const places = useQuery({
    queryKey: keys.organizations.teamPlaces(
      organization.id,
      organization.members.map((m) => m.userId),
    ),
    queryFn: () => unwrap(teamPlaces(organization)),
    enabled: can.addMember,
  });
  const myTeams = new Set((mine.data ?? []).map((team) => team.id));
  const activeTeamId = (session?.session as { activeTeamId?: string | null } | undefined)?.activeTeamId ?? null;

  return (
    <>
      <p className="muted">{t('teams.intro', { organization: organization.name })}</p>
      {can.create ? <CreateTeam organizationId={organization.id} /> : null}
      <section className="card stack" aria-labelledby={heading}>
        <h2 id={heading}>{t('teams.listTitle', { organization: organization.name })}</h2>
        <ErrorMessage error={refusalOf(teams.error)} />
        {teams.data && teams.data.length === 0 ? <Empty>{t('teams.none')}</Empty> : null}
        <ul className="list">
          {(teams.data ?? []).map((team) => (
            <TeamItem
              key={team.id}
              team={team}
              organization={organization}
              isMine={myTeams.has(team.id)}
              isActive={team.id === activeTeamId}
              inTeam={places.data?.[team.id] ?? (places.data ? [] : undefined)}
              can={can}
            />
          ))}
        </ul>
      </section>
    </>
  );
}

/** The user ids in each team of the organization (by team id), read per member. */
async function teamPlaces(organization: FullOrganization): Promise<AuthResult<Record<string, string[]>>> {
  const answers = await Promise.all(organization.members.map((m) => auth.organization.listUserTeams({ userId: m.userId, organizationId: organization.id })));
  const failed = answers.find((a) => a.error);
  if (failed?.error) return { data: null, error: failed.error };
  const byTeam: Record<string, string[]> = {};
  answers.forEach((answer, i) => {
    const userId = organization.members[i]!.userId;
    for (const team of answer.data ?? []) byTeam[team.id] = [...(byTeam[team.id] ?? []), userId];
  });
  return { data: byTeam, error: null };
}

function CreateTeam({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('teams');
  const heading = useId();
  const toast = useToast();
  const [name, setName] = useState('');
  const create = useAction(() => auth.organization.createTeam({ name: name.trim(), organizationId }), {
    invalidates: [keys.organizations.teams(organizationId), keys.organizations.allUserTeams(organizationId)],
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { data } = await create.run();
    if (!data) return;
    toast(t('teams.created', { name: data.name }));
    setName('');
  };
  return (
    <section className="card" aria-labelledby={heading}>
      <form onSubmit={submit} className="form">
        <h2 id={heading}>{t('teams.createTitle')}</h2>
        <ErrorMessage error={create.error} />
        <Field label={t('teams.name')} required maxLength={255} value={name} onChange={(e) => setName(e.target.value)} />
        <div className="actions">
          <button type="submit" className="primary" disabled={create.pending}>
            {t('teams.create')}
          </button>
        </div>
      </form>
    </section>
  );
}
