import type { LucideIcon } from 'lucide-react';
import { AppWindow, KeyRound, Link2, MonitorSmartphone, ShieldCheck, Smartphone, TriangleAlert, User } from 'lucide-react';
import type { Features } from '../../lib/providers';

/** The account area's sidebar: what each entry is called (a key of account.json's `nav`), where it leads, when it shows. */
export interface AccountNavItem {
  key: 'profile' | 'security' | 'sessions' | 'twoFactor' | 'signInMethods' | 'apiKeys' | 'connectedApps' | 'dangerZone';
  /** A page of its own, or a section of /account (`#id`). */
  to: string;
  icon: LucideIcon;
}

/**
 * The entries shown for the server's features. "Organizations" and "Account" stay in the header only:
 * a link's name is how people (and browser tests) find it, so each name appears once per page.
 */
export function accountNav(features: Features): AccountNavItem[] {
  const items: Array<AccountNavItem | false> = [
    { key: 'profile', to: '/account#profile', icon: User },
    { key: 'security', to: '/account#security', icon: ShieldCheck },
    { key: 'sessions', to: '/sessions', icon: MonitorSmartphone },
    features.twoFactor && { key: 'twoFactor', to: '/two-factor', icon: Smartphone },
    { key: 'signInMethods', to: '/account#linked-accounts', icon: Link2 },
    features.apiKey && { key: 'apiKeys', to: '/account#api-keys', icon: KeyRound },
    features.oidcProvider && { key: 'connectedApps', to: '/account#connected-apps', icon: AppWindow },
    features.deleteUser && { key: 'dangerZone', to: '/account#danger-zone', icon: TriangleAlert },
  ];
  return items.filter((item): item is AccountNavItem => item !== false);
}

/** The part of /account shown when the address names none. */
const FIRST_SECTION = 'profile';

/** Whether an entry is the one shown now: a page by its path, a part of /account by the address's #hash. */
export function isCurrent(item: AccountNavItem, pathname: string, hash: string): boolean {
  const [path, section] = item.to.split('#');
  if (path !== pathname) return false;
  if (!section) return true;
  return section === (hash.replace(/^#/, '') || FIRST_SECTION);
}
