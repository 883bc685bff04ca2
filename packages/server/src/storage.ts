import type { Logger, SecondaryStorage } from '@gatehouse/core';

/** Secondary storage for a REDIS_URL (ioredis). */
export async function secondaryStorageFor(url: string, logger: Logger): Promise<SecondaryStorage & { close?(): Promise<void> }> {
  const { createRedisStorage } = await import('@gatehouse/core');
  return createRedisStorage(url, logger);
}
