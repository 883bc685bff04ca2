/**
 * The few pages oidc-provider itself renders (the sign-out question, its end and protocol
 * errors), in Gatehouse's look; the sign-in and consent pages are the React app's.
 */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>
body{font-family:system-ui,sans-serif;background:#f6f7f9;color:#1d2330;margin:0;padding:48px 16px}
main{max-width:420px;margin:0 auto;background:#fff;border:1px solid #dfe3ea;border-radius:12px;padding:28px}
h1{font-size:1.4rem;margin:0 0 12px}.muted{color:#5b6475;font-size:.9rem}.error{color:#b42318}
.actions{display:flex;gap:8px;flex-wrap:wrap;margin-top:20px}button{font:inherit;padding:10px 16px;border-radius:8px;border:1px solid #c9ced8;background:#fff;cursor:pointer}
button.primary{background:#2f5bea;border-color:#2f5bea;color:#fff}
</style></head><body><main>${body}</main></body></html>`;
}

/** What a person is told for the protocol errors they can meet in a browser (an app's mistake, not theirs). */
const EXPLAINED: Record<string, string> = {
  invalid_client: 'This application is not registered here, or no longer is. Tell the people who run it.',
  invalid_redirect_uri: 'The application asked to send you back to an address it has not registered. Tell the people who run it.',
};

/** The page of a protocol error shown in the browser: a sentence for a person, the protocol's words below. */
export function errorPage(error: string, description: string | undefined): string {
  const said = EXPLAINED[error] ?? description ?? error;
  return page(
    'Sign-in error',
    `<h1>This sign-in cannot continue</h1><p class="error">${escapeHtml(said)}</p><p class="muted">Error: ${escapeHtml(error)}${description ? ` (${escapeHtml(description)})` : ''}</p>`,
  );
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
