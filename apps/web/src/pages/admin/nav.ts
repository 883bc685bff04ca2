import { AppWindow, LayoutDashboard, type LucideIcon, ScrollText, Server, Users, Webhook } from 'lucide-react';
import type en from '../../i18n/locales/en/admin.json';

/**
 * The admin console's sections, in the order its navigation shows them. A capability with an admin
 * page adds one entry here (its words under `nav` in locales/*\/admin.json) and its route under
 * `admin` in router.tsx.
 */
export interface AdminSection {
  to: string;
  /** The section's name: a key of `nav` in the admin messages. */
  label: keyof typeof en.nav;
  icon: LucideIcon;
  /** Matches only this exact path (the section at `/admin` itself). */
  end?: boolean;
  /** Shown only when the server runs this feature (`/providers`' `features`). */
  feature?: string;
}

export const ADMIN_SECTIONS: AdminSection[] = [
  { to: '/admin/dashboard', label: 'dashboard', icon: LayoutDashboard },
  { to: '/admin', label: 'users', icon: Users, end: true },
  { to: '/admin/audit', label: 'audit', icon: ScrollText },
  { to: '/admin/webhooks', label: 'webhooks', icon: Webhook, feature: 'webhooks' },
  { to: '/admin/applications', label: 'applications', icon: AppWindow, feature: 'oidcProvider' },
  { to: '/admin/apis', label: 'apis', icon: Server, feature: 'oidcProvider' },
];
