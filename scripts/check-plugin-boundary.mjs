#!/usr/bin/env node
// Fails when a plugin reaches past the kit: a file under packages/core/src/plugins/<id>/ may
// import its own folder, the core's kit (kit.ts; its tests also test-kit.ts) and packages,
// never another core file or another plugin's folder. Plugins talk through the kit's seams.
// Usage: node scripts/check-plugin-boundary.mjs [--list]
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const core = resolve('packages/core/src');
const pluginsDir = join(core, 'plugins');
const KIT = new Set([join(core, 'kit.ts')]);
const TEST_KIT = new Set([join(core, 'kit.ts'), join(core, 'test-kit.ts')]);
// A plugin's tests and its test-kit.ts (fixtures for its tests) may also use the core's test kit.
const isTest = (f) => /\.test(-d)?\.tsx?$/.test(f) || f.endsWith(`${sep}test-kit.ts`) || f.endsWith(`${sep}soft-authenticator.ts`);

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

const plugins = readdirSync(pluginsDir).filter((n) => statSync(join(pluginsDir, n)).isDirectory());
const problems = [];
for (const id of plugins) {
  const own = join(pluginsDir, id) + sep;
  for (const file of sources(join(pluginsDir, id))) {
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/[^\n]*/g, '$1');
    const allowed = isTest(file) ? TEST_KIT : KIT;
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      if (!spec.startsWith('.')) continue;
      const base = resolve(dirname(file), spec).replace(/\.js$/, '');
      if ((base + sep).startsWith(own) || base.startsWith(own)) continue;
      const target = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((c) => {
        try { return statSync(c).isFile(); } catch { return false; }
      }) ?? `${base}.ts`;
      if (allowed.has(target)) continue;
      // Repository-level test fixtures (tests/kit: a real OpenID provider on loopback) are not the core.
      if (isTest(file) && !target.startsWith(core + sep)) continue;
      const where = target.startsWith(pluginsDir + sep) ? 'another plugin' : 'a core file outside the kit';
      problems.push(`${relative(process.cwd(), file)} imports ${where}: ${relative(core, target)}`);
    }
  }
}
if (problems.length) {
  console.error(`check-plugin-boundary: ${problems.length} import(s) past the kit (a plugin imports packages/core/src/kit.ts only; its tests also test-kit.ts):`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log(`check-plugin-boundary: the ${plugins.length} plugins import the core through its kit only`);
