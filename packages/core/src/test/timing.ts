import { performance } from 'node:perf_hooks';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2;
};

export interface TimingOptions {
  /** Pairs measured (24: enough for answers of ~100 ms; answers under a millisecond need ~200). */
  rounds?: number;
  /** Pairs run first and not measured. */
  warmup?: number;
}

/**
 * How long `known` takes against `unknown`: the ratio of their median times over `rounds`
 * pairs, each pair in random order so that load on the machine hits both sides alike;
 * medians, so that a stall does not count.
 */
export async function timingRatio(
  known: () => Promise<unknown>,
  unknown: () => Promise<unknown>,
  { rounds = 24, warmup = 3 }: TimingOptions = {},
): Promise<number> {
  for (let i = 0; i < warmup; i++) {
    await known();
    await unknown();
  }
  const k: number[] = [];
  const u: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const pair: [number[], () => Promise<unknown>][] = [
      [k, known],
      [u, unknown],
    ];
    if (Math.random() < 0.5) pair.reverse();
    for (const [into, fn] of pair) {
      const start = performance.now();
      await fn();
      into.push(performance.now() - start);
    }
  }
  return median(k) / median(u);
}

/** `timingRatio`, measured again up to twice while it is more than `bound` from 1 (a busy machine). */
export async function timingRatioWithRetries(
  known: () => Promise<unknown>,
  unknown: () => Promise<unknown>,
  options: TimingOptions & { bound?: number } = {},
): Promise<number> {
  const bound = options.bound ?? 0.15;
  let ratio = await timingRatio(known, unknown, options);
  for (let retry = 0; retry < 2 && Math.abs(ratio - 1) > bound; retry++) ratio = await timingRatio(known, unknown, options);
  return ratio;
}
