/**
 * A change counter that views can subscribe to: `bump()` after a change,
 * and anything keyed on `get()` knows it must load again.
 */
export interface ChangeSignal {
  get(): number;
  subscribe(listener: () => void): () => void;
  bump(): void;
}

export function createChangeSignal(): ChangeSignal {
  let version = 0;
  const listeners = new Set<() => void>();
  return {
    get: () => version,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    bump() {
      version += 1;
      for (const listener of [...listeners]) listener();
    },
  };
}
