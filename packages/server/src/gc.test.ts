import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { EARLY_MARKING, earlyMarkingFlags } from './gc.js';

describe('starting full collections early (gatehouse start)', () => {
  it("sets both triggers unless the operator gave them on Node's command line", () => {
    expect(earlyMarkingFlags([])).toEqual(EARLY_MARKING);
    expect(earlyMarkingFlags(['--max-semi-space-size=2', '--max-old-space-size=512'])).toEqual(EARLY_MARKING);
    expect(earlyMarkingFlags(['--incremental-marking-soft-trigger=50'])).toEqual(['--incremental-marking-hard-trigger=30']);
    expect(earlyMarkingFlags(['--incremental_marking_hard_trigger=90', '--incremental-marking-soft-trigger=40'])).toEqual([]);
  });

  it('this Node knows both flags: setting them prints nothing', () => {
    // V8 prints "unrecognized flag" for a flag it does not know (and carries on): a Node that
    // dropped one would show here first.
    const run = spawnSync(
      process.execPath,
      ['-e', `const v8 = require('node:v8'); for (const f of ${JSON.stringify(EARLY_MARKING)}) v8.setFlagsFromString(f); console.log('set')`],
      { encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('set');
  });
});
