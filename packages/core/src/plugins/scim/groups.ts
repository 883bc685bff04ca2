import { z } from 'zod';
import type { Adapter, Where } from '../../kit.js';
import { type ScimAnswer, type ScimCall, listResponse, locationOf, pageOf, project, tenantOf } from './call.js';
import { invalidValue, notFound, uniqueness } from './errors.js';
import { compileFilter } from './filter.js';
import { dropTeam, ensureTeam, linksOf, syncPlace } from './mapping.js';
import { applyPatch } from './patch.js';
import type { ScimGroupRow, ScimUserRow } from './schema.js';
import { displayNameOf, userDataOf } from './user-resource.js';

export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';

const groupInput = z.object({
  schemas: z.array(z.string()).min(1),
  displayName: z.string().trim().min(1).max(255),
  externalId: z.string().trim().max(255).nullish(),
  members: z
    .array(z.object({ value: z.string().min(1).max(255) }).loose())
    .max(10_000)
    .nullish(),
});

interface GroupData {
  displayName: string;
  externalId: string | null;
  memberIds: string[];
}

function parseGroupInput(body: unknown): GroupData {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidValue('The body must be a Group object');
  const b = body as Record<string, unknown>;
  const schemas = b.schemas;
  if (!Array.isArray(schemas) || !schemas.some((s) => typeof s === 'string' && s.toLowerCase() === GROUP_SCHEMA.toLowerCase())) {
    throw invalidValue(`schemas must include ${GROUP_SCHEMA}`);
  }
  const unknown = schemas.find((s) => typeof s !== 'string' || s.toLowerCase() !== GROUP_SCHEMA.toLowerCase());
  if (unknown !== undefined) throw invalidValue(`Unknown schema ${String(unknown)}`);
  if (b.displayName === undefined || b.displayName === null || b.displayName === '') throw invalidValue('displayName is required');
  const parsed = groupInput.safeParse(b);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidValue(`${issue.path.join('.') || 'body'}: ${issue.message}`);
  }
  const g = parsed.data;
  return { displayName: g.displayName, externalId: g.externalId || null, memberIds: [...new Set((g.members ?? []).map((m) => m.value))] };
}

const live = (call: ScimCall): Where[] => tenantOf(call);

async function findGroup(call: ScimCall, id: string, adapter: Adapter = call.auth.adapter): Promise<ScimGroupRow> {
  const row = await adapter.findOne<ScimGroupRow>('scimGroup', [...live(call), { field: 'id', value: id }]);
  if (!row) throw notFound('Group', id);
  return row;
}

/** The Groups as answered, their members read in two queries for the whole page. */
async function resources(call: ScimCall, groups: ScimGroupRow[]): Promise<Record<string, unknown>[]> {
  const { adapter } = call.auth;
  const wantsMembers = !/(^|,)\s*members\s*(,|$)/i.test(call.query.get('excludedAttributes') ?? '');
  const links =
    groups.length && wantsMembers
      ? await adapter.findMany<{ groupId: string; scimUserId: string }>('scimGroupMember', {
          where: [{ field: 'groupId', value: groups.map((g) => g.id), operator: 'in' }],
        })
      : [];
  const userIds = [...new Set(links.map((l) => l.scimUserId))];
  const users = userIds.length
    ? await adapter.findMany<ScimUserRow>('scimUser', { where: [...tenantOf(call), { field: 'id', value: userIds, operator: 'in' }] })
    : [];
  const byId = new Map(users.filter((u) => !u.deleted).map((u) => [u.id, u]));
  return groups.map((g) => {
    const members = links
      .filter((l) => l.groupId === g.id && byId.has(l.scimUserId))
      .map((l) => ({
        value: l.scimUserId,
        $ref: locationOf(call, 'Users', l.scimUserId),
        display: displayNameOf(userDataOf(byId.get(l.scimUserId)!)),
        type: 'User',
      }))
      .sort((a, b) => (a.value < b.value ? -1 : 1));
    return project(
      {
        schemas: [GROUP_SCHEMA],
        id: g.id,
        ...(g.externalId ? { externalId: g.externalId } : {}),
        displayName: g.displayName,
        members,
        meta: {
          resourceType: 'Group',
          created: g.createdAt.toISOString(),
          lastModified: g.updatedAt.toISOString(),
          location: locationOf(call, 'Groups', g.id),
        },
      },
      call.query,
    );
  });
}

const one = async (call: ScimCall, g: ScimGroupRow) => (await resources(call, [g]))[0]!;

/** 409 when another of the connection's Groups has this displayName (any case); 400 when a member is not one of its Users. */
async function checkGroup(trx: Adapter, call: ScimCall, data: GroupData, selfId: string | null): Promise<void> {
  const same = await trx.findMany<ScimGroupRow>('scimGroup', {
    where: [...live(call), { field: 'displayNameKey', value: data.displayName.toLowerCase() }],
    limit: 2,
  });
  if (same.some((g) => g.id !== selfId)) throw uniqueness('A Group with this displayName already exists');
  if (!data.memberIds.length) return;
  const found = await trx.findMany<ScimUserRow>('scimUser', {
    where: [...tenantOf(call), { field: 'deleted', value: false }, { field: 'id', value: data.memberIds, operator: 'in' }],
  });
  const known = new Set(found.map((u) => u.id));
  const missing = data.memberIds.find((id) => !known.has(id));
  if (missing !== undefined) throw invalidValue(`members: no User ${missing}`);
}

/**
 * Makes the group's member rows those of `memberIds` (adding and removing the difference);
 * answers the SCIM ids of the people before and after, and of those who joined or left.
 */
async function setMembers(trx: Adapter, groupId: string, memberIds: string[]): Promise<{ all: string[]; changed: string[] }> {
  const current = await trx.findMany<{ id: string; scimUserId: string }>('scimGroupMember', { where: [{ field: 'groupId', value: groupId }] });
  const wanted = new Set(memberIds);
  const leaving = current.filter((m) => !wanted.has(m.scimUserId));
  if (leaving.length) await trx.delete('scimGroupMember', [{ field: 'id', value: leaving.map((m) => m.id), operator: 'in' }]);
  const have = new Set(current.map((m) => m.scimUserId));
  const joining = memberIds.filter((id) => !have.has(id));
  for (const id of joining) await trx.create('scimGroupMember', { groupId, scimUserId: id });
  return { all: [...new Set([...have, ...memberIds])], changed: [...leaving.map((m) => m.scimUserId), ...joining] };
}

/** With a team or role mapping, the places of the people a Group write touched follow it (all of them when its name or team changed). */
async function syncGroup(call: ScimCall, trx: Adapter, group: ScimGroupRow, members: { all: string[]; changed: string[] }, renamed: boolean): Promise<void> {
  const newTeam = await ensureTeam(call, trx, group);
  const touched = newTeam || (renamed && call.groups.roles.size) ? members.all : members.changed;
  for (const link of await linksOf(call, trx, touched)) await syncPlace(call, trx, link);
}

const uniqueOr409 = async <T>(call: ScimCall, fn: () => Promise<T>): Promise<T> => {
  try {
    return await fn();
  } catch (e) {
    // displayName is checked first, so a violation here is a race: the name, a membership or a team place taken meanwhile.
    if (call.auth.database.caps.isUniqueViolation(e)) throw uniqueness('A concurrent change took this displayName or membership; read the Group and retry');
    throw e;
  }
};

/** POST /Groups. */
export async function createGroup(call: ScimCall): Promise<ScimAnswer> {
  const data = parseGroupInput(call.body);
  const group = await uniqueOr409(call, () =>
    call.auth.adapter.transaction(async (trx) => {
      await checkGroup(trx, call, data, null);
      const g = await trx.create<ScimGroupRow>('scimGroup', {
        organizationId: call.connection.organizationId,
        providerId: call.connection.providerId,
        displayName: data.displayName,
        displayNameKey: data.displayName.toLowerCase(),
        externalId: data.externalId,
      });
      if (!g) throw new Error('the group was not created');
      await syncGroup(call, trx, g, await setMembers(trx, g.id, data.memberIds), true);
      return g;
    }),
  );
  const location = locationOf(call, 'Groups', group.id);
  return { status: 201, body: await one(call, group), headers: { location } };
}

export async function getGroup(call: ScimCall, id: string): Promise<ScimAnswer> {
  return { status: 200, body: await one(call, await findGroup(call, id)) };
}

const groupColumns = {
  id: (v: string): Where => ({ field: 'id', value: v }),
  displayName: (v: string): Where => ({ field: 'displayNameKey', value: v.toLowerCase() }),
  externalId: (v: string): Where => ({ field: 'externalId', value: v }),
};

/** GET /Groups?filter&startIndex&count. */
export async function listGroups(call: ScimCall): Promise<ScimAnswer> {
  const filter = call.query.get('filter');
  const where = [...live(call), ...(filter ? compileFilter(filter, groupColumns) : [])];
  const { startIndex, count } = pageOf(call.query);
  const total = await call.auth.adapter.count('scimGroup', where);
  const rows =
    count === 0
      ? []
      : await call.auth.adapter.findMany<ScimGroupRow>('scimGroup', { where, sortBy: { field: 'id', direction: 'asc' }, limit: count, offset: startIndex - 1 });
  return { status: 200, body: listResponse(total, startIndex, await resources(call, rows)) };
}

async function writeGroup(call: ScimCall, group: ScimGroupRow, data: GroupData): Promise<ScimAnswer> {
  const updated = await uniqueOr409(call, () =>
    call.auth.adapter.transaction(async (trx) => {
      await checkGroup(trx, call, data, group.id);
      const row = await trx.update<ScimGroupRow>('scimGroup', [{ field: 'id', value: group.id }], {
        displayName: data.displayName,
        displayNameKey: data.displayName.toLowerCase(),
        externalId: data.externalId,
        updatedAt: new Date(call.auth.now()),
      });
      const written = row ?? group;
      await syncGroup(call, trx, written, await setMembers(trx, group.id, data.memberIds), written.displayNameKey !== group.displayNameKey);
      return written;
    }),
  );
  return { status: 200, body: await one(call, updated) };
}

/** PUT /Groups/{id}: a full replacement, members included. */
export async function replaceGroup(call: ScimCall, id: string): Promise<ScimAnswer> {
  return writeGroup(call, await findGroup(call, id), parseGroupInput(call.body));
}

/** PATCH /Groups/{id}: rename, members added, removed (`members[value eq "id"]`, or Entra's value list) or replaced. */
export async function patchGroup(call: ScimCall, id: string): Promise<ScimAnswer> {
  const group = await findGroup(call, id);
  const current = await resources({ ...call, query: new URLSearchParams() }, [group]);
  const patched = applyPatch(current[0]!, call.body);
  return writeGroup(call, group, parseGroupInput(patched));
}

/** DELETE /Groups/{id}: the group and its memberships go (its team too, with a team mapping); its Users stay. */
export async function deleteGroup(call: ScimCall, id: string): Promise<ScimAnswer> {
  const group = await findGroup(call, id);
  await call.auth.adapter.transaction(async (trx) => {
    const members = await trx.findMany<{ scimUserId: string }>('scimGroupMember', { where: [{ field: 'groupId', value: group.id }] });
    await trx.delete('scimGroupMember', [{ field: 'groupId', value: group.id }]);
    await trx.delete('scimGroup', [{ field: 'id', value: group.id }]);
    await dropTeam(call, trx, group);
    // Their roles no longer count this Group's.
    if (call.groups.roles.size)
      for (const link of await linksOf(
        call,
        trx,
        members.map((m) => m.scimUserId),
      ))
        await syncPlace(call, trx, link);
  });
  return { status: 204 };
}
