#!/usr/bin/env node
// The route and account suites again on PostgreSQL and MariaDB/MySQL, each on a fresh
// private schema, when TEST_POSTGRES_URL / TEST_MYSQL_URL are set (CI sets both).
// The data-layer contract suite already runs on every configured dialect in the main run.
// `--only postgres` runs one dialect; `--node <path>` runs vitest on that Node (.ci/run's Node 20 pass).
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({ options: { only: { type: 'string' }, node: { type: 'string' } } });

const SUITES = ['packages/core/src/fast-lane.test.ts', 'packages/core/src/routes', 'packages/core/src/account', 'packages/core/src/plugins', 'packages/core/src/social', 'packages/core/src/i18n/mails.test.ts'];
const dialects = [
  ['postgres', process.env.TEST_POSTGRES_URL],
  ['mysql', process.env.TEST_MYSQL_URL],
].filter(([dialect]) => !args.only || dialect === args.only);

let failed = false;
for (const [dialect, url] of dialects) {
  if (!url) {
    if (process.env.CI === 'true') {
      console.error(`test-dialects: ${dialect} is required under CI=true but its TEST_*_URL is not set`);
      failed = true;
    } else console.log(`test-dialects: ${dialect} skipped (no TEST_${dialect.toUpperCase()}_URL)`);
    continue;
  }
  console.log(`\n== route suites on ${dialect}${args.node ? ` (Node at ${args.node})` : ''}`);
  const [command, first] = args.node ? [args.node, ['node_modules/vitest/vitest.mjs']] : ['npx', ['vitest']];
  const r = spawnSync(command, [...first, 'run', ...SUITES], { stdio: 'inherit', env: { ...process.env, TEST_DIALECT: dialect } });
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
