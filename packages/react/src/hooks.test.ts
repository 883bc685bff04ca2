import type { SessionState } from '@gatehouse/client';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createAuthHooks } from './create-auth-hooks.js';
import type { HookClient, SessionShape } from './hooks.js';

/** A client stand-in whose session view is fixed. */
type SessionData = SessionShape & { user: { name: string } };

function fakeClient(state: SessionState<SessionData>): HookClient<SessionData> {
  const store = { get: () => state, subscribe: () => () => {}, refetch: async () => {}, broadcast() {} };
  const signal = { get: () => 0, subscribe: () => () => {}, bump() {} };
  return {
    $store: { session: store, organization: signal },
    organization: {
      getFullOrganization: async () => ({ data: null, error: null }),
      getActiveMember: async () => ({ data: null, error: null }),
      list: async () => ({ data: [], error: null }),
    },
  };
}

const signedIn: SessionData = {
  session: { activeOrganizationId: null },
  user: { id: 'u1', name: 'Ada' },
};

function View({ client }: { client: HookClient<SessionData> }) {
  const { useSession, useActiveOrganization } = createAuthHooks(client);
  const session = useSession();
  const organization = useActiveOrganization();
  const who = session.isPending ? 'loading' : (session.data?.user.name ?? 'signed out');
  return createElement('p', null, `${who}|org pending: ${organization.isPending}`);
}

const render = (client: HookClient<SessionData>) => renderToString(createElement(View, { client }));

describe('createAuthHooks', () => {
  it('reports a pending session and a pending organization before the first answer', () => {
    const html = render(fakeClient({ data: null, isPending: true, error: null, isRefetching: false }));
    expect(html).toContain('loading|org pending: true');
  });

  it("reads the session store's data; no active organization means nothing pending", () => {
    const html = render(fakeClient({ data: signedIn, isPending: false, error: null, isRefetching: false }));
    expect(html).toContain('Ada|org pending: false');
  });
});
