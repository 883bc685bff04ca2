// @vitest-environment happy-dom
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from './query-client';
import { type Changes, useAction } from './use-action';

const serverChanged = vi.hoisted(() => vi.fn());
vi.mock('./reload-all', () => ({ serverChanged }));

// Two resources shown side by side, each counting its loads.
const loads = { users: 0, webhooks: 0 };
const usersKey = ['admin', 'users'] as const;
const webhooksKey = ['admin', 'webhooks'] as const;

function Screen({ answer, changes }: { answer: { data: unknown; error: { message: string; code: string; status: number } | null }; changes?: Changes }) {
  const users = useQuery({ queryKey: [...usersKey, { page: 1 }], queryFn: async () => ++loads.users });
  const webhooks = useQuery({ queryKey: webhooksKey, queryFn: async () => ++loads.webhooks });
  const act = useAction(async () => answer as never, changes ? { invalidates: changes } : undefined);
  return (
    <>
      <p>
        users {users.data} webhooks {webhooks.data}
      </p>
      <button type="button" onClick={() => void act.run()}>
        go
      </button>
    </>
  );
}

const show = (answer: Parameters<typeof Screen>[0]['answer'], changes?: Changes) =>
  render(
    <QueryClientProvider client={queryClient}>
      <Screen answer={answer} changes={changes} />
    </QueryClientProvider>,
  );
const ok = { data: { ok: true }, error: null };

beforeEach(() => {
  loads.users = 0;
  loads.webhooks = 0;
  serverChanged.mockReset();
});
afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('an action loads again exactly what it names', () => {
  it('the named key (and every query under it) loads again; the others stay; nothing global runs', async () => {
    show(ok, [usersKey]);
    await screen.findByText('users 1 webhooks 1');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'go' })));
    await screen.findByText('users 2 webhooks 1');
    expect(loads).toEqual({ users: 2, webhooks: 1 });
    expect(serverChanged).not.toHaveBeenCalled();
  });

  it('a refusal is news from the server too: the named key loads again', async () => {
    show({ data: null, error: { message: 'User not found', code: 'USER_NOT_FOUND', status: 404 } }, () => [webhooksKey]);
    await screen.findByText('users 1 webhooks 1');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'go' })));
    await screen.findByText('users 1 webhooks 2');
  });

  it('no answer at all (offline) or throttled: nothing loads again', async () => {
    show({ data: null, error: { message: 'Network error', code: 'FETCH_ERROR', status: 0 } }, [usersKey, webhooksKey]);
    await screen.findByText('users 1 webhooks 1');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'go' })));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loads).toEqual({ users: 1, webhooks: 1 });
    expect(serverChanged).not.toHaveBeenCalled();
  });

  it('`[]`: the action changes nothing shown', async () => {
    show(ok, []);
    await screen.findByText('users 1 webhooks 1');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'go' })));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loads).toEqual({ users: 1, webhooks: 1 });
  });

  it('without a list (a page not yet moved), everything loads again the old way', async () => {
    show(ok);
    await screen.findByText('users 1 webhooks 1');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'go' })));
    await waitFor(() => expect(serverChanged).toHaveBeenCalledTimes(1));
  });
});
