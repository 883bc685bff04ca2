import type { AuditEventType, AuditInput } from './security/audit.js';

/** One answer of a route, as an observer sees it (`Observer.answer`). */
export interface ObservedAnswer {
  method: string;
  /** The declared path (`/sign-in/email`, `/callback/:id`), never the raw URL. */
  path: string;
  status: number;
  /** From the request reaching the route (or the fast lane) to its answer. */
  seconds: number;
}

/**
 * What a plugin may watch without changing anything (the `observe` seam): every HTTP answer
 * of a route (the fast lane's included, errors included), every audit event, every lock a
 * lockout sets, every rate-limit refusal, every mail that failed to send. Observers are
 * called synchronously on the request's path: they must be cheap and must not throw (a throw
 * is caught and dropped). With no observer, nothing is wired: the hot paths pay nothing.
 */
export interface Observer {
  answer?(answer: ObservedAnswer): void;
  audit?(type: AuditEventType, input: AuditInput): void;
  /** An identity was locked after repeated failures (`security/lockout.ts`). */
  locked?(): void;
  /** A request to `path` (declared) was refused by the rate limit. */
  rateLimited?(path: string): void;
  mailFailed?(error: unknown): void;
}

type Callbacks = { [K in keyof Observer]-?: NonNullable<Observer[K]> };

/** One observer calling each of `list` in order; a method is present only when some observer has it. */
export function joinObservers(list: readonly Observer[]): Observer {
  const joined: Observer = {};
  const keys: (keyof Observer)[] = ['answer', 'audit', 'locked', 'rateLimited', 'mailFailed'];
  for (const key of keys) {
    const fns = list.flatMap((o) => (o[key] ? [o[key].bind(o) as (...args: unknown[]) => void] : []));
    if (fns.length === 0) continue;
    (joined as Record<string, unknown>)[key] = (...args: unknown[]) => {
      for (const fn of fns) {
        try {
          fn(...args);
        } catch {
          // An observer never changes or fails the request it watches.
        }
      }
    };
  }
  return joined as Partial<Callbacks>;
}
