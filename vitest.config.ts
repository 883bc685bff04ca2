import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run covers every package: unit and route tests beside the code, the
// process-level tests in tests/, and the browser journeys in tests/browser.
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/src/**/*.test.tsx',
      'packages/*/test/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
      'apps/web/src/**/*.test.tsx',
      'tests/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll's default of one second is too short for a browser journey on a loaded CI machine
    // (a fresh-clone run failed one on a navigation that took longer); a poll that succeeds is unchanged.
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    // One more test file at a time than the machine has cores (vitest's default is one fewer: on CI's 2 cores, one
    // file at a time). The files mostly wait on something else: a server process, Chromium, a database, a timer.
    // Measured on a 2-core VM: the main suite 29 → 13 minutes, the PostgreSQL route suites 15 → 6.
    maxWorkers: availableParallelism() + 1,
    minWorkers: 1,
  },
});
