import { expect } from 'vitest';
import type { CookieJar, GatehouseOptions, Mail, TestClient, useTestClients } from '../../test-kit.js';

export const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

// biome-ignore lint/suspicious/noExplicitAny: SCIM answers are checked field by field in the tests
export type Data = any;

export interface Person {
  jar: CookieJar;
  email: string;
  id: string;
}

/** A SCIM answer: status, parsed body, the response (headers). */
export interface ScimResult {
  status: number;
  data: Data;
  response: Response;
}

/**
 * An instance with SCIM on, mail captured, and helpers: people, an organization with an owner,
 * tokens, and `scim(token, method, path, body?)` that speaks to `/scim/v2` as a directory does
 * (bearer token only, no cookie, application/scim+json).
 */
export async function scimSetup(clients: ReturnType<typeof useTestClients>, options: GatehouseOptions = {}) {
  const { t, mails } = await clients.openWithMail({ scim: { enabled: true }, ...(process.env.SCIM_DEBUG ? { logger: console } : {}), ...options });
  const ctx = await t.auth.context();
  let n = 0;
  const person = async (name = `p${++n}`): Promise<Person> => {
    const jar = t.newJar();
    const email = `${name}-${n}-${Date.now()}@example.com`.toLowerCase();
    const { data } = await t.signUp({ name, email }, jar);
    return { jar, email, id: (data.user as { id: string }).id };
  };
  const organization = async (owner: Person, slug = `org-${++n}`) => {
    const created = await t.json<Data>('/organization/create', { body: { name: slug, slug }, jar: owner.jar });
    expect(created.status, JSON.stringify(created.data)).toBe(200);
    return created.data.id as string;
  };
  // Written directly: the invitation flow is the organization plugin's to test.
  const addMember = async (_owner: Person, who: Person, organizationId: string, role: string) => {
    await ctx.adapter.create('member', { organizationId, userId: who.id, role });
  };
  const generateToken = (who: Person | null, organizationId: string, providerId = 'okta') =>
    t.json<Data>('/scim/generate-token', { body: { providerId, organizationId }, jar: who ? who.jar : null });
  /** An owner, their organization and a token for it. */
  const tenant = async (providerId = 'okta') => {
    const owner = await person('owner');
    const organizationId = await organization(owner);
    const r = await generateToken(owner, organizationId, providerId);
    expect(r.status, JSON.stringify(r.data)).toBe(201);
    return { owner, organizationId, token: r.data.scimToken as string };
  };
  const scim = async (token: string | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ScimResult> => {
    const h: Record<string, string> = { ...headers };
    if (token !== null && !('authorization' in h)) h.authorization = `Bearer ${token}`;
    if (body !== undefined && !('content-type' in h)) h['content-type'] = 'application/scim+json';
    const response = await t.request(`/scim/v2${path}`, { method, body, headers: h, jar: null });
    const text = await response.text();
    let data: Data = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = text;
    }
    return { status: response.status, data, response };
  };
  const createUser = async (token: string, user: Record<string, unknown>) => {
    const r = await scim(token, 'POST', '/Users', { schemas: [USER], ...user });
    expect(r.status, JSON.stringify(r.data)).toBe(201);
    return r.data as Data;
  };
  /** Gives a SCIM user a password through the reset flow (as the person would). */
  const setPassword = async (email: string, password = 'a long new password 1') => {
    await t.json('/request-password-reset', { body: { email }, jar: null });
    const token = /\/reset-password\/([A-Za-z0-9]{24})/.exec((mails as Mail[]).at(-1)!.text)![1]!;
    const r = await t.json('/reset-password', { body: { newPassword: password, token }, jar: null });
    expect(r.status, JSON.stringify(r.data)).toBe(200);
    return password;
  };
  const signIn = (email: string, password: string, jar: CookieJar | null = t.newJar()) => t.json<Data>('/sign-in/email', { body: { email, password }, jar });
  const memberRole = async (organizationId: string, userId: string) =>
    (
      (await ctx.adapter.findOne<{ role: string }>('member', [
        { field: 'organizationId', value: organizationId },
        { field: 'userId', value: userId },
      ])) ?? null
    )?.role ?? null;
  const userIdOf = async (scimId: string) => (await ctx.adapter.findOne<{ userId: string }>('scimUser', [{ field: 'id', value: scimId }]))!.userId;
  return { t, ctx, mails, person, organization, addMember, generateToken, tenant, scim, createUser, setPassword, signIn, memberRole, userIdOf };
}

export type ScimKit = Awaited<ReturnType<typeof scimSetup>>;
export type { TestClient };
