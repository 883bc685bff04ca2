// Builds dist/gatehouse.mjs, the one file `npm start` runs: the CLI with the core, Hono,
// zod and Kysely inlined. One module instead of several hundred keeps less source text
// and fewer module records in memory (about 15 MB less resident at start) and starts
// faster. Left outside: better-sqlite3 (a native addon), the libraries loaded only when
// configured (pg, mysql2, ioredis; nodemailer; oidc-provider with light-my-request; @simplewebauthn/server,
// whose ASN.1 stack alone is 700 kB of source and 4 MB resident) and pino. Identifiers are
// kept, so stack traces in the logs still name functions.
//
// Beside it goes the index of the shipped common-password list (dist/common-passwords.idx),
// which the password policy reads a bucket at a time instead of holding the list in memory.
import { writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { SHIPPED_INDEX_FILE, readShippedList } from '../core/dist/plugins/password-policy/common-passwords.js';

await build({
  entryPoints: ['dist/cli.js'],
  outfile: 'dist/gatehouse.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minifyWhitespace: true,
  minifySyntax: true,
  external: ['better-sqlite3', 'pg', 'mysql2', 'ioredis', 'pino', 'oidc-provider', 'light-my-request', '@simplewebauthn/server', 'nodemailer', 'undici'],
  // CommonJS dependencies (prom-client among them) call require(); an ES module has none of its own.
  banner: { js: "import { createRequire as __gatehouseRequire } from 'node:module'; const require = __gatehouseRequire(import.meta.url);" },
  logLevel: 'warning',
});

writeFileSync(`dist/${SHIPPED_INDEX_FILE}`, (await readShippedList()).toBytes());
