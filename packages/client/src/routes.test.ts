import { describe, expect, it } from 'vitest';
import { createRouteTable } from './routes.js';

const widgets = {
  id: 'widgets',
  methods: { '/widgets/list': 'GET', '/widgets/reset': 'POST', '/widgets/callback': ['GET', 'POST'] },
  changesSession: { '/widgets/reset': true },
  signals: { widgets: ['/widgets/reset'] },
} as const;
const gadgets = { id: 'gadgets', methods: { '/gadgets/add': 'POST' }, changesSession: {}, signals: { widgets: ['/gadgets/add'] } } as const;

describe('createRouteTable', () => {
  const table = createRouteTable([widgets, gadgets]);

  it("uses each route's declared method, whatever the payload", () => {
    expect(table.method('/widgets/list', true)).toBe('GET');
    expect(table.method('/widgets/reset', false)).toBe('POST');
    expect(table.method('/widgets/callback', false)).toBe('POST');
  });

  it('falls back to the client rule for a path no capability declares', () => {
    expect(table.method('/elsewhere', false)).toBe('GET');
    expect(table.method('/elsewhere', true)).toBe('POST');
  });

  it('knows which calls change the session and which signals they bump', () => {
    expect(table.changesSession('/widgets/reset')).toBe(true);
    expect(table.changesSession('/widgets/list')).toBe(false);
    expect(table.signals('/widgets/reset')).toEqual(['widgets']);
    expect(table.signals('/gadgets/add')).toEqual(['widgets']);
    expect(table.signals('/widgets/list')).toEqual([]);
    expect(table.paths()).toEqual(['/widgets/list', '/widgets/reset', '/widgets/callback', '/gadgets/add']);
  });
});
