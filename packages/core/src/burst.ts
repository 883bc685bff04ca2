import type { ServerResponse } from 'node:http';
import { setImmediate } from 'node:timers';

/**
 * Writes an answer made beside the general route (the fast lane's, the machine lane's) at the end
 * of the event-loop turn it was ready in, with every other answer ready in that turn: under load
 * one burst of writes a turn wakes the client side once, where a write an answer woke it each time
 * (on a 2-core VM the socket write was a quarter of an introspection's CPU; docs/performance.md).
 * No answer waits beyond its turn. `head` is `writeHead`'s flat list (name, value, …), the
 * answer's own: Node may keep it.
 */
export function writeInBurst(res: ServerResponse, status: number, head: (string | number)[], body: string): void {
  // The real setImmediate (node:timers): a test's fake timers on the global do not hold answers back.
  if (ready.push({ res, status, head, body }) === 1) setImmediate(flush);
}

let ready: { res: ServerResponse; status: number; head: (string | number)[]; body: string }[] = [];

function flush(): void {
  const batch = ready;
  ready = [];
  for (const { res, status, head, body } of batch) {
    try {
      res.writeHead(status, head);
      res.end(body);
    } catch {
      // This answer's connection is gone; the others in the burst still leave.
      res.destroy();
    }
  }
}
