import { defineEndpoint, MissingPeerError } from '../../../kit.js';
import { RENDERER_FILES, rendererFile } from '../assets.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

// Scripts and styles from this server only; Swagger UI styles elements inline and shows data: images.
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** `GET /reference`: a page rendering `/openapi.json` (Swagger UI, served by this server). */
export const reference = defineEndpoint({
  method: 'GET',
  path: '/reference',
  name: 'reference',
  openapi: { summary: 'This API reference (a page)', produces: 'text/html' },
  async handler(c) {
    const base = escapeHtml(c.auth.basePath);
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Gatehouse API reference</title>
<link rel="icon" type="image/png" href="${base}/reference/favicon-32x32.png">
<link rel="stylesheet" href="${base}/reference/swagger-ui.css">
<style>body{margin:0}</style>
</head>
<body>
<main id="reference" data-spec="${base}/openapi.json"><noscript>The reference needs JavaScript; the document itself is at <a href="${base}/openapi.json">openapi.json</a>.</noscript></main>
<script src="${base}/reference/swagger-ui-bundle.js"></script>
<script src="${base}/reference/init.js"></script>
</body>
</html>`;
    return new Response(html, {
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CSP, 'cache-control': 'no-cache' },
    });
  },
});

// Reads the document's address from the page (no inline script: the page's policy allows none).
const INIT = `(() => {
  const root = document.getElementById('reference');
  window.ui = SwaggerUIBundle({
    url: root.dataset.spec,
    domNode: root,
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    validatorUrl: null,
    // The operation id is the route's name in auth.api (signUpEmail, …).
    displayOperationId: true,
    defaultModelsExpandDepth: 0,
  });
})();
`;

/** `GET /reference/:file`: the page's script and styles (the renderer's, and the few lines that start it). */
export const referenceAsset = defineEndpoint({
  method: 'GET',
  path: '/reference/:file',
  name: 'referenceAsset',
  openapi: { hidden: true },
  async handler(c) {
    const file = c.params.file ?? '';
    if (file === 'init.js')
      return new Response(INIT, { status: 200, headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' } });
    const type = Object.hasOwn(RENDERER_FILES, file) ? RENDERER_FILES[file] : undefined;
    if (!type) return new Response(null, { status: 404 });
    const bytes = await rendererFile(file).catch((error: unknown) => {
      if (error instanceof MissingPeerError) return error;
      throw error;
    });
    if (bytes instanceof MissingPeerError) return new Response(bytes.message, { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    return new Response(new Uint8Array(bytes), { status: 200, headers: { 'content-type': type, 'cache-control': 'public, max-age=86400' } });
  },
});
