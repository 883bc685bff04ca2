import { DEFAULT_ROLES } from '@gatehouse/core/client';
import { describe, expect, it } from 'vitest';
import { canManage, isOwner, ORGANIZATION_ROLES } from './roles';

describe("the organization pages' roles (from the organization plugin's statements)", () => {
  it('offers every role the plugin declares, weakest first', () => {
    expect(ORGANIZATION_ROLES).toEqual([
      { value: 'member', label: 'Member' },
      { value: 'admin', label: 'Admin' },
      { value: 'owner', label: 'Owner' },
    ]);
    expect(ORGANIZATION_ROLES.map((r) => r.value).sort()).toEqual(Object.keys(DEFAULT_ROLES).sort());
  });

  it('lets manage those whose roles grant inviting, changing and removing members', () => {
    expect(canManage('owner')).toBe(true);
    expect(canManage('admin')).toBe(true);
    expect(canManage('member, admin')).toBe(true);
    expect(canManage('member')).toBe(false);
    expect(canManage('billing')).toBe(false);
    expect(canManage(undefined)).toBe(false);
  });

  it('reads owners among several roles', () => {
    expect(isOwner('admin,owner')).toBe(true);
    expect(isOwner('admin')).toBe(false);
    expect(isOwner(undefined)).toBe(false);
  });
});
