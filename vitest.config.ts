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
  },
});
