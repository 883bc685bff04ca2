import { type Adapter, parseUserInput as accountFields, type Where } from '../../kit.js';
import { applyActive, endSessions } from './access.js';
import { checkEmailDomain } from './domains.js';
import { type ScimAnswer, type ScimCall, listResponse, locationOf, pageOf, project, tenantOf } from './call.js';
import { notFound, uniqueness } from './errors.js';
import { compileFilter } from './filter.js';
import { syncPlace } from './mapping.js';
import { applyPatch } from './patch.js';
import type { ScimUserRow } from './schema.js';
import { displayNameOf, emailsKey, parseUserInput, primaryEmail, type ScimUserData, storedAttributes, userResource } from './user-resource.js';

interface UserRow {
  id: string;
  email: string;
  name: string;
  [key: string]: unknown;
}

const live = (call: ScimCall): Where[] => [...tenantOf(call), { field: 'deleted', value: false }];

/** The connection's (not deleted) User with this SCIM id, else 404: another organization's id is unknown here. */
async function findLink(call: ScimCall, id: string, adapter: Adapter = call.auth.adapter): Promise<ScimUserRow> {
  const row = await adapter.findOne<ScimUserRow>('scimUser', [...live(call), { field: 'id', value: id }]);
  if (!row) throw notFound('User', id);
  return row;
}

const answerOf = (call: ScimCall, row: ScimUserRow) => userResource(row, locationOf(call, 'Users', row.id));

/** 409 when another of the connection's Users has this userName (any case) or externalId. */
async function checkTenantUnique(trx: Adapter, call: ScimCall, data: ScimUserData, selfId: string | null): Promise<void> {
  const others = (w: Where) => trx.findMany<ScimUserRow>('scimUser', { where: [...live(call), w], limit: 2 });
  const byName = await others({ field: 'userNameKey', value: data.userName.toLowerCase() });
  if (byName.some((r) => r.id !== selfId)) throw uniqueness('A User with this userName already exists');
  if (data.externalId) {
    const byExternal = await others({ field: 'externalId', value: data.externalId });
    if (byExternal.some((r) => r.id !== selfId)) throw uniqueness('A User with this externalId already exists');
  }
}

const linkColumns = (data: ScimUserData) => ({
  userName: data.userName,
  userNameKey: data.userName.toLowerCase(),
  externalId: data.externalId,
  emailsKey: emailsKey(data),
  attributes: storedAttributes(data),
  active: data.active,
});

/** A unique index refused the write (a parallel request took the address or name meanwhile) → 409. */
async function uniqueOr409<T>(call: ScimCall, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (call.auth.database.caps.isUniqueViolation(e)) throw uniqueness('The userName, externalId or email is already in use');
    throw e;
  }
}

/** POST /Users: a Gatehouse account without a password, linked to this connection, a member of its organization while active. */
export async function createUser(call: ScimCall): Promise<ScimAnswer> {
  const { auth } = call;
  const data = parseUserInput(call.body);
  const email = primaryEmail(data);
  const fields = accountFields(auth, { name: displayNameOf(data) }, 'create');
  const row = await uniqueOr409(call, () =>
    auth.adapter.transaction(async (trx) => {
      await checkTenantUnique(trx, call, data, null);
      await checkEmailDomain(trx, auth.schema, call.connection, email);
      const existing = await trx.findOne<UserRow>('user', [{ field: 'email', value: email }]);
      let userId: string;
      if (existing) {
        // The one account SCIM may take again: one this connection provisioned and then deleted.
        const tombstone = await trx.findOne<ScimUserRow>('scimUser', [
          ...tenantOf(call),
          { field: 'userId', value: existing.id },
          { field: 'deleted', value: true },
        ]);
        if (!tombstone) throw uniqueness('The email address is already in use');
        await trx.delete('scimUser', [{ field: 'id', value: tombstone.id }]);
        await trx.update('user', [{ field: 'id', value: existing.id }], { name: displayNameOf(data) });
        userId = existing.id;
      } else {
        const user = await trx.create<UserRow>('user', { ...fields, email, emailVerified: false });
        if (!user) throw new Error('the user was not created');
        userId = user.id;
      }
      const link = await trx.create<ScimUserRow>('scimUser', {
        organizationId: call.connection.organizationId,
        providerId: call.connection.providerId,
        userId,
        deleted: false,
        ...linkColumns(data),
      });
      if (!link) throw new Error('the SCIM user was not created');
      await applyActive(auth, trx, link, data.active);
      await syncPlace(call, trx, link);
      return link;
    }),
  );
  if (!data.active) await endSessions(auth, row.userId);
  await auth.audit.record(call.scope, 'scim.user.created', {
    userId: row.userId,
    details: { scimId: row.id, providerId: row.providerId, organizationId: row.organizationId, active: data.active },
  });
  const location = locationOf(call, 'Users', row.id);
  return { status: 201, body: userResource(row, location), headers: { location } };
}

/** GET /Users/{id}. */
export async function getUser(call: ScimCall, id: string): Promise<ScimAnswer> {
  return { status: 200, body: project(answerOf(call, await findLink(call, id)), call.query) };
}

/** Matches no row: a filter value that cannot be one of the emails (it would reach across entries of the key). */
const NOTHING: Where = { field: 'id', value: [], operator: 'in' };
/** `|` and `>` separate the entries of emailsKey ("|type>value|"): a value or type carrying them matches nothing. */
const outsideKey = (s: string) => /[|>]/.test(s);

const userColumns = {
  id: (v: string): Where => ({ field: 'id', value: v }),
  userName: (v: string): Where => ({ field: 'userNameKey', value: v.toLowerCase() }),
  externalId: (v: string): Where => ({ field: 'externalId', value: v }),
  'emails.value': (v: string): Where => (outsideKey(v) ? NOTHING : { field: 'emailsKey', value: `>${v.toLowerCase()}|`, operator: 'contains' }),
};
const typedEmail = (type: string, v: string): Where =>
  outsideKey(type) || outsideKey(v) ? NOTHING : { field: 'emailsKey', value: `|${type.toLowerCase()}>${v.toLowerCase()}|`, operator: 'contains' };

/** GET /Users?filter&startIndex&count (and POST /Users/.search): one page, filtered in the database, in a stable order (by id). */
export async function listUsers(call: ScimCall): Promise<ScimAnswer> {
  const filter = call.query.get('filter');
  const where = [...live(call), ...(filter ? compileFilter(filter, userColumns, typedEmail) : [])];
  const { startIndex, count } = pageOf(call.query);
  const total = await call.auth.adapter.count('scimUser', where);
  const rows =
    count === 0
      ? []
      : await call.auth.adapter.findMany<ScimUserRow>('scimUser', { where, sortBy: { field: 'id', direction: 'asc' }, limit: count, offset: startIndex - 1 });
  return {
    status: 200,
    body: listResponse(
      total,
      startIndex,
      rows.map((r) => project(answerOf(call, r), call.query)),
    ),
  };
}

/** Writes a User's new state (PUT or a PATCH's result): the link, the account's email and name, membership and sessions. */
async function writeUser(call: ScimCall, link: ScimUserRow, data: ScimUserData): Promise<ScimAnswer> {
  const { auth } = call;
  const email = primaryEmail(data);
  const updated = await uniqueOr409(call, () =>
    auth.adapter.transaction(async (trx) => {
      await checkTenantUnique(trx, call, data, link.id);
      const user = await trx.findOne<UserRow>('user', [{ field: 'id', value: link.userId }]);
      if (!user) throw notFound('User', link.id);
      const change: Record<string, unknown> = { name: displayNameOf(data) };
      if (user.email !== email) {
        const taken = await trx.findOne<UserRow>('user', [{ field: 'email', value: email }]);
        if (taken) throw uniqueness('The email address is already in use');
        await checkEmailDomain(trx, auth.schema, call.connection, email);
        // A new address is not proven by the directory's say-so.
        Object.assign(change, { email, emailVerified: false });
      }
      await trx.update('user', [{ field: 'id', value: user.id }], change);
      const row = await trx.update<ScimUserRow>('scimUser', [{ field: 'id', value: link.id }], { ...linkColumns(data), updatedAt: new Date(auth.now()) });
      if (data.active !== link.active) await applyActive(auth, trx, link, data.active);
      if (data.active !== link.active) await syncPlace(call, trx, row ?? link);
      return row ?? link;
    }),
  );
  if (link.active && !data.active) {
    await endSessions(auth, link.userId);
    await auth.audit.record(call.scope, 'scim.user.deactivated', { userId: link.userId, details: { scimId: link.id } });
  } else if (!link.active && data.active) {
    await auth.audit.record(call.scope, 'scim.user.reactivated', { userId: link.userId, details: { scimId: link.id } });
  }
  return { status: 200, body: answerOf(call, updated) };
}

/** PUT /Users/{id}: a full replacement (what is left out is removed). */
export async function replaceUser(call: ScimCall, id: string): Promise<ScimAnswer> {
  const link = await findLink(call, id);
  return writeUser(call, link, parseUserInput(call.body));
}

/** PATCH /Users/{id}: the operations applied to the User as answered, the result written as a PUT would. */
export async function patchUser(call: ScimCall, id: string): Promise<ScimAnswer> {
  const link = await findLink(call, id);
  const patched = applyPatch(userResource(link, locationOf(call, 'Users', link.id), true), call.body);
  return writeUser(call, link, parseUserInput(patched));
}

/**
 * DELETE /Users/{id}: the account is kept (audited, refused at sign-in) but nothing of it stays
 * reachable over SCIM; sessions end, membership and group memberships go. Creating the same
 * address again through this connection takes the account back.
 */
export async function deleteUser(call: ScimCall, id: string): Promise<ScimAnswer> {
  const { auth } = call;
  const link = await findLink(call, id);
  await auth.adapter.transaction(async (trx) => {
    // Its userName and externalId are free again (the unique keys set aside; userName kept for the record).
    await trx.update('scimUser', [{ field: 'id', value: link.id }], {
      deleted: true,
      active: false,
      userNameKey: `~deleted~${link.id}`,
      externalId: null,
      updatedAt: new Date(auth.now()),
    });
    await trx.delete('scimGroupMember', [{ field: 'scimUserId', value: link.id }]);
    await applyActive(auth, trx, link, false);
    await syncPlace(call, trx, { ...link, active: false, deleted: true });
  });
  await endSessions(auth, link.userId);
  await auth.audit.record(call.scope, 'scim.user.deleted', { userId: link.userId, details: { scimId: link.id } });
  return { status: 204 };
}
