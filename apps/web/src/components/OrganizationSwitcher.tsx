import { useQuery } from '@tanstack/react-query';
import { Building2, ChevronDown } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { auth, useSession } from '../auth';
import { useServerInfo } from '../lib/providers';
import { queries } from '../lib/queries';
import { refusalOf } from '../lib/query-client';
import { useAction } from '../lib/use-action';
import { ErrorMessage, Loading } from './Messages';
import { useDismiss } from '../lib/use-dismiss';

/**
 * The header's organization switcher: named after the active organization and, with teams on,
 * the active team ("Acme · Platform"); it lists the person's organizations and their teams in the
 * active one, and makes one active with one click.
 */
export function OrganizationSwitcher() {
  const { t } = useTranslation('account');
  const { features } = useServerInfo();
  const { data: session } = useSession();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const userId = session?.user.id ?? '';
  const activeOrganizationId = session?.session.activeOrganizationId ?? null;
  const activeTeamId = (session?.session as { activeTeamId?: string | null } | undefined)?.activeTeamId ?? null;
  const organizations = useQuery({ ...queries.organizations(userId), enabled: Boolean(session) });
  const teams = useQuery({
    ...queries.userTeams(activeOrganizationId ?? '', userId),
    enabled: Boolean(session && features.organizationTeams && activeOrganizationId),
  });
  // Both change only the session, which the client reads again itself; the lists shown are keyed by organization.
  const switchOrganization = useAction((organizationId: string) => auth.organization.setActive({ organizationId }), { invalidates: [] });
  const switchTeam = useAction((teamId: string) => auth.organization.setActiveTeam({ teamId }), { invalidates: [] });

  useDismiss(open, root, () => setOpen(false));

  const organization = organizations.data?.find((o) => o.id === activeOrganizationId) ?? null;
  const team = (teams.data ?? []).find((tm) => tm.id === activeTeamId) ?? null;
  const label = organization ? (team ? `${organization.name} · ${team.name}` : organization.name) : t('orgSwitch.none');

  return (
    <div className="account-menu org-switch" ref={root}>
      <button type="button" className="account-toggle" title={label} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <Building2 aria-hidden="true" size={16} />
        <span className="visually-hidden">{t('orgSwitch.label')}: </span>
        <span className="who-name org-switch-name">{label}</span>
        <ChevronDown aria-hidden="true" className="chevron" size={16} />
      </button>
      {open ? (
        <section id={panelId} className="account-panel" aria-label={t('orgSwitch.label')}>
          <p className="panel-heading">{t('orgSwitch.organizations')}</p>
          {organizations.isPending && !organizations.data ? <Loading /> : null}
          <ErrorMessage error={refusalOf(organizations.error) ?? switchOrganization.error} />
          {organizations.data?.length === 0 ? <p className="muted">{t('orgSwitch.noOrganizations')}</p> : null}
          <ul className="account-list">
            {(organizations.data ?? []).map((o) =>
              o.id === activeOrganizationId ? (
                <li key={o.id}>
                  <div className="account-entry current" aria-current="true">
                    <span className="account-name">{o.name}</span>
                    <span className="badge ok">{t('menu.active')}</span>
                  </div>
                </li>
              ) : (
                <li key={o.id}>
                  <button type="button" className="account-entry" disabled={switchOrganization.pending} onClick={() => switchOrganization.run(o.id)}>
                    <span className="visually-hidden">{t('menu.switchTo')} </span>
                    <span className="account-name">{o.name}</span>
                  </button>
                </li>
              ),
            )}
          </ul>
          {features.organizationTeams && organization ? (
            <>
              <p className="panel-heading">{t('orgSwitch.teams', { organization: organization.name })}</p>
              <ErrorMessage error={refusalOf(teams.error) ?? switchTeam.error} />
              {teams.data?.length === 0 ? <p className="muted">{t('orgSwitch.noTeams')}</p> : null}
              <ul className="account-list">
                {(teams.data ?? []).map((tm) =>
                  tm.id === activeTeamId ? (
                    <li key={tm.id}>
                      <div className="account-entry current" aria-current="true">
                        <span className="account-name">{tm.name}</span>
                        <span className="badge ok">{t('menu.active')}</span>
                      </div>
                    </li>
                  ) : (
                    <li key={tm.id}>
                      <button type="button" className="account-entry" disabled={switchTeam.pending} onClick={() => switchTeam.run(tm.id)}>
                        <span className="visually-hidden">{t('orgSwitch.makeActive')} </span>
                        <span className="account-name">{tm.name}</span>
                      </button>
                    </li>
                  ),
                )}
              </ul>
            </>
          ) : null}
          <div className="panel-actions">
            <Link to="/organizations" onClick={() => setOpen(false)}>
              {t('orgSwitch.manage')}
            </Link>
          </div>
        </section>
      ) : null}
    </div>
  );
}
