import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

const escapeHtml = (s: string) => s.replace(/[&<>"'`]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' })[ch]!);

/** The HTML error page (spec section 2): the code, and a way back. */
export const errorPage = defineEndpoint({
  method: 'GET',
  path: '/error',
  query: z.object({ error: z.string().optional() }),
  async handler(c) {
    const code = escapeHtml((c.query.error ?? 'unknown_error').slice(0, 200));
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Error</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0}main{max-width:32rem;padding:1rem;text-align:center}code{font-size:1.1rem}</style></head>
<body><main><h1>Something went wrong</h1><p>Error code: <code>${code}</code></p><p><a href="${escapeHtml(c.auth.baseURL)}/">Return to Application</a></p></main></body></html>`;
    return new Response(html, {
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" },
    });
  },
});
