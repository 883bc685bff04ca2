/** A value now, or later: hot-path steps answer at once where they can (SQLite, memory). */
export type MaybePromise<T> = T | Promise<T>;

/** `then` that stays synchronous when the value is already here. */
export function after<T, U>(value: MaybePromise<T>, next: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}
