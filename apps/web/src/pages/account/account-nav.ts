import type { LucideIcon } from 'lucide-react';
import { AppWindow, KeyRound, Link2, MonitorSmartphone, ShieldCheck, Smartphone, TriangleAlert, User } from 'lucide-react';
import type { Features } from '../../lib/providers';

/** The account area's sidebar: what each entry is called (a key of account.json's `nav`), where it leads, when it shows. */
export interface AccountNavItem {
  key: 'profile' | 'security' | 'sessions' | 'twoFactor' | 'signInMethods' | 'apiKeys' | 'connectedApps' | 'dangerZone';
  /** The entry's page; its title is the entry's label. */
  to: string;
  icon: LucideIcon;
}

/** Each entry's page (router.tsx): /account is the profile; Sessions and Two-factor keep the addresses they always had. */
export const ACCOUNT_PATHS = {
  profile: '/account',
  security: '/account/security',
  sessions: '/sessions',
  twoFactor: '/two-factor',
  signInMethods: '/account/sign-in-methods',
  apiKeys: '/account/api-keys',
  connectedApps: '/account/connected-apps',
  dangerZone: '/account/danger-zone',
} as const satisfies Record<AccountNavItem['key'], string>;

/**
 * The entries shown for the server's features. "Organizations" and "Account" stay in the header only:
 * a link's name is how people (and browser tests) find it, so each name appears once per page.
 */
export function accountNav(features: Features): AccountNavItem[] {
  const items: Array<AccountNavItem | false> = [
    { key: 'profile', to: ACCOUNT_PATHS.profile, icon: User },
    { key: 'security', to: ACCOUNT_PATHS.security, icon: ShieldCheck },
    { key: 'sessions', to: ACCOUNT_PATHS.sessions, icon: MonitorSmartphone },
    features.twoFactor && { key: 'twoFactor', to: ACCOUNT_PATHS.twoFactor, icon: Smartphone },
    { key: 'signInMethods', to: ACCOUNT_PATHS.signInMethods, icon: Link2 },
    features.apiKey && { key: 'apiKeys', to: ACCOUNT_PATHS.apiKeys, icon: KeyRound },
    features.oidcProvider && { key: 'connectedApps', to: ACCOUNT_PATHS.connectedApps, icon: AppWindow },
    features.deleteUser && { key: 'dangerZone', to: ACCOUNT_PATHS.dangerZone, icon: TriangleAlert },
  ];
  return items.filter((item): item is AccountNavItem => item !== false);
}

/** Whether an entry is the page shown now (a trailing slash aside). */
export function isCurrent(item: AccountNavItem, pathname: string): boolean {
  return item.to === (pathname.replace(/\/+$/, '') || '/');
}

/**
 * Where an address of the one-page account (`/account#security`, kept in bookmarks and older mails)
 * now leads: the page that holds that part, or null when the address names none.
 */
const LEGACY_SECTIONS: Record<string, string> = {
  profile: ACCOUNT_PATHS.profile,
  security: ACCOUNT_PATHS.security,
  passkeys: ACCOUNT_PATHS.security,
  'linked-accounts': ACCOUNT_PATHS.signInMethods,
  'sign-in-methods': ACCOUNT_PATHS.signInMethods,
  'api-keys': ACCOUNT_PATHS.apiKeys,
  'connected-apps': ACCOUNT_PATHS.connectedApps,
  'danger-zone': ACCOUNT_PATHS.dangerZone,
};

export function legacySectionPath(pathname: string, hash: string): string | null {
  if ((pathname.replace(/\/+$/, '') || '/') !== ACCOUNT_PATHS.profile) return null;
  const section = decodeURIComponent(hash.replace(/^#/, ''));
  const to = section ? LEGACY_SECTIONS[section] : undefined;
  return to && to !== ACCOUNT_PATHS.profile ? to : null;
}
