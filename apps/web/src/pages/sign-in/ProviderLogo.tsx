/** Brand colours of the providers drawn as a monogram (the mark's first letter on the brand's colour). */
const MONOGRAM: Record<string, string> = {
  apple: '#000000',
  discord: '#5865F2',
  dropbox: '#0061FF',
  facebook: '#1877F2',
  github: '#24292F',
  gitlab: '#FC6D26',
  linkedin: '#0A66C2',
  reddit: '#FF4500',
  spotify: '#1DB954',
  twitch: '#9146FF',
  twitter: '#000000',
};

/**
 * A provider's logo beside its "Continue with …" button's words: Google's G and Microsoft's four squares
 * drawn, the others a monogram in their brand's colour. Decorative: the button's words name the provider.
 */
export function ProviderLogo({ id, name }: { id: string; name: string }) {
  if (id === 'google') {
    return (
      <svg className="provider-logo" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <path
          fill="#FFC107"
          d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 8 3l5.7-5.7C34 6.1 29.3 4 24 4 13 4 4 13 4 24s9 20 20 20 20-9 20-20c0-1.3-.1-2.6-.4-3.9z"
        />
        <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 8 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
        <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2c-2 1.5-4.6 2.4-7.2 2.4-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z" />
        <path fill="#1976D2" d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z" />
      </svg>
    );
  }
  if (id === 'microsoft') {
    return (
      <svg className="provider-logo" viewBox="0 0 22 22" aria-hidden="true" focusable="false">
        <rect x="1" y="1" width="9.5" height="9.5" fill="#F25022" />
        <rect x="11.5" y="1" width="9.5" height="9.5" fill="#7FBA00" />
        <rect x="1" y="11.5" width="9.5" height="9.5" fill="#00A4EF" />
        <rect x="11.5" y="11.5" width="9.5" height="9.5" fill="#FFB900" />
      </svg>
    );
  }
  return (
    <span className="provider-logo provider-monogram" aria-hidden="true" style={{ background: MONOGRAM[id] ?? 'var(--accent)' }}>
      {name.charAt(0).toUpperCase()}
    </span>
  );
}
