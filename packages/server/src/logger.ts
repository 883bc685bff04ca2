import { pino } from 'pino';
import type { Logger } from '@gatehouse/core';

/** Structured JSON logs on stdout. */
export function createLogger(level = 'info'): Logger & { child(bindings: object): Logger } {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}
