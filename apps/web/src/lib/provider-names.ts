const NAMES: Record<string, string> = {
  apple: 'Apple',
  discord: 'Discord',
  facebook: 'Facebook',
  github: 'GitHub',
  microsoft: 'Microsoft',
  google: 'Google',
  spotify: 'Spotify',
  twitch: 'Twitch',
  twitter: 'Twitter',
  dropbox: 'Dropbox',
  linkedin: 'LinkedIn',
  gitlab: 'GitLab',
  reddit: 'Reddit',
  credential: 'Email and password',
};

/** The name a person knows a provider by ("github" → "GitHub"). */
export function providerName(id: string): string {
  return NAMES[id] ?? id.charAt(0).toUpperCase() + id.slice(1);
}
