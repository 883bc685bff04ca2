import type { AdapterPayload } from 'oidc-provider';
import type { AuthContext } from '../../kit.js';

/**
 * How long an instance answers a client's metadata from memory (ms) before reading its row
 * again. On the instance where an application is changed, deleted or given a new secret, the
 * memo is forgotten at once (`forgetClient`); on the others, the change is seen within this
 * bound (SECURITY.md).
 */
export const CLIENT_MEMO_MS = 1000;
export const CLIENT_MEMO_MAX = 1000;

export interface ClientMemo {
  byId: Map<string, { metadata: AdapterPayload; until: number }>;
  /** Moves at every `forgetClient`: a read begun before it is not kept. */
  generation: number;
}
const clientMemos = new WeakMap<object, ClientMemo>();

export function memoOf(adapter: object): ClientMemo {
  let memo = clientMemos.get(adapter);
  if (!memo) {
    memo = { byId: new Map(), generation: 0 };
    clientMemos.set(adapter, memo);
  }
  return memo;
}

/** Forgets this instance's memo of a client (its application was changed, deleted or given a new secret). */
export function forgetClient(auth: Pick<AuthContext, 'adapter'>, clientId?: string): void {
  const memo = memoOf(auth.adapter);
  memo.generation++;
  if (clientId === undefined) memo.byId.clear();
  else memo.byId.delete(clientId);
}
