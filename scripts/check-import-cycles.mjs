#!/usr/bin/env node
// Fails when the core's source files import one another in a circle, `import type` and
// `export … from` included: the core is layered, nothing imports upward (STYLE.md).
// Usage: node scripts/check-import-cycles.mjs [dir]   (default packages/core/src; tests left out)
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(process.argv[2] ?? 'packages/core/src');
const isTest = (f) => /\.test(-d)?\.tsx?$/.test(f) || f.includes(`${join('/', 'test', '/')}`) || f.endsWith('test-kit.ts');

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') && !isTest(path) ? [path] : [];
  });
}

// Static imports and re-exports, type-only ones included; dynamic import() too.
const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

const files = sources(root);
const known = new Set(files);
const edges = new Map();
for (const file of files) {
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
  const targets = new Set();
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    if (!spec.startsWith('.')) continue;
    const base = resolve(dirname(file), spec).replace(/\.js$/, '');
    const target = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((c) => known.has(c));
    if (target) targets.add(target);
  }
  edges.set(file, [...targets]);
}

// Tarjan's strongly connected components: every component of more than one file (or a
// file importing itself) is a circle.
let index = 0;
const stack = [];
const state = new Map();
const circles = [];
function visit(v) {
  const s = { index, low: index, onStack: true };
  index++;
  state.set(v, s);
  stack.push(v);
  for (const w of edges.get(v)) {
    const t = state.get(w);
    if (!t) {
      visit(w);
      s.low = Math.min(s.low, state.get(w).low);
    } else if (t.onStack) s.low = Math.min(s.low, t.index);
  }
  if (s.low !== s.index) return;
  const component = [];
  let w;
  do {
    w = stack.pop();
    state.get(w).onStack = false;
    component.push(w);
  } while (w !== v);
  if (component.length > 1 || edges.get(v).includes(v)) circles.push(component);
}
for (const f of files) if (!state.has(f)) visit(f);

const name = (f) => relative(root, f);
if (circles.length) {
  console.error(`check-import-cycles: ${circles.length} import circle(s) in ${relative(process.cwd(), root) || '.'}:`);
  for (const c of circles) {
    const members = new Set(c);
    console.error(`\n  ${c.length} files: ${c.map(name).sort().join(', ')}`);
    for (const f of c.sort()) for (const t of edges.get(f)) if (members.has(t)) console.error(`    ${name(f)} -> ${name(t)}`);
  }
  process.exit(1);
}
console.log(`check-import-cycles: no import circle among ${files.length} files of ${relative(process.cwd(), root) || '.'}`);
