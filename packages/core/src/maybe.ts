/** A value now, or later: hot-path steps answer at once where they can (SQLite, memory). */
export type MaybePromise<T> = T | Promise<T>;

/** `then` that stays synchronous when the value is already here. */
export function after<T, U>(value: MaybePromise<T>, next: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/**
 * `load()` run once and its promise shared by every caller; a failure is not kept, so the
 * next call tries again (a lazily imported library, a file read at first use).
 */
export function sharedUntilFailure<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (!pending) {
      const started = load();
      pending = started;
      started.catch(() => {
        if (pending === started) pending = undefined;
      });
    }
    return pending;
  };
}
