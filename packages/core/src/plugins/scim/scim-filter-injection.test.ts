import { describe, expect, it } from 'vitest';
import { useTestClients } from '../../test-kit.js';
import { ERROR, scimSetup } from './test-kit.js';

const clients = useTestClients();

const list = (k: Awaited<ReturnType<typeof scimSetup>>, token: string, resource: 'Users' | 'Groups', filter: string) =>
  k.scim(token, 'GET', `/${resource}?filter=${encodeURIComponent(filter)}`);

describe('scim: filter injection', () => {
  it('a filter value is a value: quotes, SQL, LIKE wildcards and the emails key separators find nothing', async () => {
    const k = await scimSetup(clients);
    const { token } = await k.tenant();
    await k.createUser(token, {
      userName: 'ann@example.com',
      externalId: 'ext-1',
      emails: [
        { value: 'ann@example.com', type: 'work', primary: true },
        { value: 'ann@home.example', type: 'home' },
      ],
    });
    await k.createUser(token, { userName: 'bob@example.com', externalId: 'ext-2' });
    // The two as they are found.
    expect((await list(k, token, 'Users', 'emails.value eq "ann@home.example"')).data.totalResults).toBe(1);
    expect((await list(k, token, 'Users', 'emails[type eq "work"].value eq "ann@example.com"')).data.totalResults).toBe(1);
    const nothing = [
      // SQL in the value.
      `userName eq "x' or '1'='1"`,
      `externalId eq "ext-1' --"`,
      `userName eq "ann@example.com\\" or userName pr \\""`,
      // LIKE's wildcards (emails.value is a LIKE on a key): no match-all, no single-character match.
      'emails.value eq "%"',
      'emails.value eq "_nn@example.com"',
      'emails.value eq "%@example.com"',
      // The key's separators: ann's two entries joined, a type that spans the key.
      'emails.value eq "ann@example.com||home>ann@home.example"',
      'emails.value eq "ann@example.com|"',
      'emails[type eq "work>ann@example.com|"].value eq ""',
      'emails[type eq "work"].value eq "ann@example.com||home>ann@home.example"',
      // userName and externalId are equality, not patterns.
      'userName eq "%"',
      'externalId eq "ext-%"',
    ];
    for (const filter of nothing) {
      const r = await list(k, token, 'Users', filter);
      expect(r.status, filter).toBe(200);
      expect(r.data.totalResults, filter).toBe(0);
    }
    expect((await list(k, token, 'Groups', 'displayName eq "%"')).data.totalResults).toBe(0);
  });

  it('operators the contract does not take (or, not, pr, co, sw, ew, gt, …), attribute paths and nesting tricks are 400 invalidFilter, never a wider read', async () => {
    const k = await scimSetup(clients);
    const { token } = await k.tenant();
    await k.createUser(token, { userName: 'ann@example.com' });
    const refused = [
      'userName eq "nobody" or userName pr',
      'not (userName eq "nobody")',
      'userName ne "nobody"',
      'userName ew "example.com"',
      'meta.lastModified gt "2000-01-01T00:00:00Z"',
      'active eq true',
      'userName eq "ann@example.com" and (userName eq "x" or id pr)',
      'emails[type pr].value eq "ann@example.com"',
      'emails[value co "@"]',
      'password eq "x"',
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber eq "1"',
      'userName eq 1',
      'userName eq null',
      'userName eq "a") or (userName pr',
      '',
    ].filter(Boolean);
    for (const filter of refused) {
      const r = await list(k, token, 'Users', filter);
      expect(r.status, filter).toBe(400);
      expect(r.data, filter).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'invalidFilter' });
    }
    for (const filter of ['displayName co "a"', 'displayName eq "a" or displayName pr', 'members.value eq "x"']) {
      expect((await list(k, token, 'Groups', filter)).data.scimType, filter).toBe('invalidFilter');
    }
  });
});
