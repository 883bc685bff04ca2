import type en from '../../i18n/locales/en/org.json';
import { useTranslation } from 'react-i18next';
import { roleNames } from '@gatehouse/core/client';

type KnownRole = keyof typeof en.roles;
const KNOWN = new Set<string>(['member', 'admin', 'owner']);
const isKnown = (role: string): role is KnownRole => KNOWN.has(role);

/** A member's role(s) in words; a role the app does not know is shown as stored. */
export function useRoleName(): (role: string | null | undefined) => string {
  const { t } = useTranslation('org');
  return (role) =>
    roleNames(role ?? '')
      .map((r) => (isKnown(r) ? t(`roles.${r}`) : r))
      .join(', ');
}

/** The role pickers' choices (roles.ts orders them), named in the app's language. */
export function useRoleOptions(options: ReadonlyArray<{ value: string; label: string }>) {
  const { t } = useTranslation('org');
  return options.map((o) => ({ value: o.value, label: isKnown(o.value) ? t(`roleOption.${o.value}`) : o.label }));
}
