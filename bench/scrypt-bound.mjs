// node bench/scrypt-bound.mjs SECONDS: prints the scrypt bound, password hashes per second with
// one hash per core running (the spec's parameters, as the server hashes), as JSON. Run as its
// own process so that it hashes in the environment a server is given (GLIBC_TUNABLES and the
// like are read only when a process starts).
import { scrypt } from 'node:crypto';
import { availableParallelism } from 'node:os';

const seconds = Number(process.argv[2]);
if (!(seconds > 0)) {
  console.error('usage: node bench/scrypt-bound.mjs SECONDS');
  process.exit(2);
}
const params = { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 };
let done = 0;
let stop = false;
const started = performance.now();
const worker = async () => {
  while (!stop) {
    await new Promise((ok, fail) => scrypt('correct horse battery', 'a16bytesaltvalue', 64, params, (e) => (e ? fail(e) : ok())));
    if (!stop) done++;
  }
};
const all = Array.from({ length: availableParallelism() }, worker);
await new Promise((r) => setTimeout(r, seconds * 1000));
stop = true;
const elapsed = (performance.now() - started) / 1000;
await Promise.all(all);
console.log(JSON.stringify({ hashesPerSecond: done / elapsed }));
