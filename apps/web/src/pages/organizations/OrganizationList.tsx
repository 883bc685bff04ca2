import { auth, useListOrganizations, useSession } from '../../auth';
import { Empty, ErrorMessage, Loading } from '../../components/Messages';
import { Section } from '../../components/Section';
import { useAction } from '../../lib/use-action';

export function OrganizationList() {
  const { data: session } = useSession();
  const organizations = useListOrganizations();
  const switchTo = useAction((organizationId: string) => auth.organization.setActive({ organizationId }));
  const activeId = session?.session.activeOrganizationId;

  return (
    <Section title="Switch organization">
      <ErrorMessage error={organizations.error} />
      {organizations.isPending && !organizations.data ? <Loading /> : null}
      {organizations.data?.length === 0 ? <Empty>You are not a member of any organization yet.</Empty> : null}
      {organizations.data && organizations.data.length > 0 ? (
        <ul className="list">
          {organizations.data.map((org) => (
            <li key={org.id} className="list-item">
              <div>
                <p className="strong">{org.name}</p>
                <p className="muted">{org.slug}</p>
              </div>
              {org.id === activeId ? (
                <span className="badge ok">Active</span>
              ) : (
                <button type="button" onClick={() => switchTo.run(org.id)} disabled={switchTo.pending}>
                  Switch to {org.name}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <ErrorMessage error={switchTo.error} />
    </Section>
  );
}
