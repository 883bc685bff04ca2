import { setFlagsFromString } from 'node:v8';

/**
 * When V8 starts a full collection, in percent of the old generation's growth allowance since the
 * last one: in the background from 10%, at once from 30%. V8's own rule waits until the allowance
 * (at least 8 MB) is nearly used. Under a sign-up storm, the requests waiting for a hash slot are
 * promoted and fill that allowance, and the full collection came only at its end: about 5 MB more
 * at the peak, beside the two hashes' 64 MB (docs/history/performance-runs.md, "Starting full collections
 * early, and the common-password index"). Gatehouse's live heap is small (about 17 MB), so a full
 * collection is cheap; under a get-session load the old generation barely grows (one full
 * collection in 15 s with these flags, none without).
 */
export const EARLY_MARKING = ['--incremental-marking-soft-trigger=10', '--incremental-marking-hard-trigger=30'];

/**
 * The flags `startFullCollectionsEarly` sets: none that the operator gave on Node's command line
 * (`NODE_OPTIONS` cannot carry them: Node refuses to start).
 */
export function earlyMarkingFlags(execArgv: readonly string[]): string[] {
  const given = execArgv.map((arg) => arg.replace(/_/g, '-').split('=')[0]);
  return EARLY_MARKING.filter((flag) => !given.includes(flag.split('=')[0]!));
}

/**
 * For the server's own process (`gatehouse start`), never for an application that embeds the
 * library. Both flags are read by V8 at every allocation step, so setting them after start works
 * as on the command line; a V8 that no longer knows one prints one line and carries on, where an
 * unknown flag on the command line would stop Node from starting.
 */
export function startFullCollectionsEarly(): void {
  for (const flag of earlyMarkingFlags(process.execArgv)) setFlagsFromString(flag);
}
