// node bench/scrypt-bound.mjs SECONDS: prints the scrypt bound, password hashes per second with
// one hash per core running, and the process's CPU time per hash (µs), as JSON. It hashes with
// the server's own `hashPassword` (the built core: the spec's parameters, its salt and encoding,
// its one-hash-per-core slots), so the bound cannot drift from what sign-up does. Run as its own
// process so that it hashes in the environment a server is given (GLIBC_TUNABLES and the like
// are read only when a process starts).
import { availableParallelism } from 'node:os';
import { hashPassword } from '../packages/core/dist/crypto/password.js';

const seconds = Number(process.argv[2]);
if (!(seconds > 0)) {
  console.error('usage: node bench/scrypt-bound.mjs SECONDS');
  process.exit(2);
}
let done = 0;
let finished = 0;
let stop = false;
const started = performance.now();
const cpuStart = process.cpuUsage();
const worker = async () => {
  while (!stop) {
    await hashPassword('correct horse battery');
    finished++;
    if (!stop) done++;
  }
};
const all = Array.from({ length: availableParallelism() }, worker);
await new Promise((r) => setTimeout(r, seconds * 1000));
stop = true;
const elapsed = (performance.now() - started) / 1000;
await Promise.all(all);
// Every hash finished is counted here, those that ended after the stop too: the CPU covers them.
const cpu = process.cpuUsage(cpuStart);
console.log(JSON.stringify({ hashesPerSecond: done / elapsed, cpuMicrosPerHash: (cpu.user + cpu.system) / finished }));
