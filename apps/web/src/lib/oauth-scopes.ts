import { i18n } from '../i18n';

/** The scopes with a sentence of their own (sso.json `scopes`); others are named as they are. */
const KNOWN = new Set(['openid', 'email', 'profile', 'offline_access', 'organization']);

/** What a scope lets an application do, in the app's language, as the consent page and the account say it. */
export function scopeDescription(scope: string): string {
  return KNOWN.has(scope)
    ? // Checked just above; the typed `t` cannot know a scope from the server.
      i18n.t(`sso:scopes.${scope}` as 'sso:scopes.openid')
    : i18n.t('sso:scopes.other', { scope });
}
