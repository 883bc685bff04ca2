/**
 * The admin console's sections, in the order its navigation shows them. A capability with an admin
 * page adds one entry here and its route under `admin` in router.tsx (e.g. `{ to: '/admin/webhooks',
 * label: 'Webhooks' }`).
 */
export interface AdminSection {
  to: string;
  label: string;
  /** Matches only this exact path (the section at `/admin` itself). */
  end?: boolean;
  /** Shown only when the server runs this feature (`/providers`' `features`). */
  feature?: string;
}

export const ADMIN_SECTIONS: AdminSection[] = [
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/admin', label: 'Users', end: true },
  { to: '/admin/audit', label: 'Audit trail' },
  { to: '/admin/webhooks', label: 'Webhooks', feature: 'webhooks' },
  { to: '/admin/applications', label: 'Applications', feature: 'oidcProvider' },
];
