// Ceilings the bench compares computation-bound cases with.
import { sign } from 'node:crypto';

/**
 * Signatures per second of node:crypto's one-shot `sign` on one core (the server signs on its
 * one thread), in batches of `batch` between turns of the event loop.
 */
export async function signRate(seconds, algorithm, privateKey, input, batch) {
  let done = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  while (performance.now() < end) {
    for (let i = 0; i < batch; i++) sign(algorithm, input, privateKey);
    done += batch;
    await new Promise((r) => setImmediate(r));
  }
  return done / ((performance.now() - started) / 1000);
}
