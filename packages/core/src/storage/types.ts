/** Secondary storage (e.g. Redis): string values with a time to live. */
export interface SecondaryStorage {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Atomic counter for rate limits: increments and returns the count within the window. */
  increment?(key: string, windowSeconds: number): Promise<{ count: number; ttlMs: number }>;
}
