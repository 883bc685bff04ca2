/** What a scope lets an application do, in the words the consent page and the account use. */
const SCOPES: Record<string, string> = {
  openid: 'Know who you are (your account id)',
  email: 'See your email address',
  profile: 'See your name and picture',
  offline_access: 'Stay connected when you are not using it',
  organization: 'See your active organization and your role in it',
};

export function scopeDescription(scope: string): string {
  return SCOPES[scope] ?? `Use "${scope}"`;
}
