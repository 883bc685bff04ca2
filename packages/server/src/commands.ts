import { createAuth, APIError, BASE_ERRORS, hashPassword, type MigrationStep, type Row } from '@gatehouse/core';
import type { ServerOptions } from './config.js';
import { createLogger } from './logger.js';

function quietAuth(config: ServerOptions & { autoMigrate?: boolean }) {
  return createAuth({ ...config, logger: createLogger(config.logLevel ?? 'warn') });
}

export async function runMigrate(config: ServerOptions): Promise<MigrationStep[]> {
  const auth = quietAuth({ ...config, autoMigrate: false });
  try {
    return await auth.migrate();
  } finally {
    await auth.close();
  }
}

/** Creates a user with a password (and optionally a role and username), user + account in one transaction. */
export async function createUser(
  config: ServerOptions,
  input: { email: string; password: string; name: string; role?: string; username?: string },
): Promise<Row> {
  const auth = quietAuth(config);
  try {
    const ctx = await auth.context();
    const email = input.email.normalize('NFKC').trim().toLowerCase();
    // The same rules as every route that sets a password (lengths, the password policy).
    await ctx.password.check(input.password, { userId: null });
    if (input.role && !ctx.schema.user!.fields.role) throw new Error('--role needs the admin feature (admin.enabled)');
    if (input.username && !ctx.schema.user!.fields.username) throw new Error('--username needs the username feature (username.enabled)');
    if (await ctx.adapter.findOne('user', [{ field: 'email', value: email }])) {
      throw new APIError('UNPROCESSABLE_ENTITY', 'USER_ALREADY_EXISTS', BASE_ERRORS.USER_ALREADY_EXISTS);
    }
    const hash = await hashPassword(input.password);
    const data: Row = { email, name: input.name, emailVerified: true };
    if (input.role) data.role = input.role;
    if (input.username) data.username = input.username;
    return await ctx.adapter.transaction(async (trx) => {
      const user = await trx.create('user', data);
      if (!user) throw new APIError('UNPROCESSABLE_ENTITY', 'FAILED_TO_CREATE_USER', BASE_ERRORS.FAILED_TO_CREATE_USER);
      await trx.create('account', { userId: user.id, providerId: 'credential', accountId: user.id, password: hash });
      return user;
    });
  } finally {
    await auth.close();
  }
}
