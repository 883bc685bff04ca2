// @vitest-environment happy-dom
import '../../../i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/Toasts';
import { i18n } from '../../../i18n';
import { queryClient } from '../../../lib/query-client';
import { WebhooksPage } from './WebhooksPage';

// The new endpoint's signing secret in the one copy-once dialog (issue 37), closed by "I have saved it".
const SECRET = 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0';
const endpoints: unknown[] = [];
const list = vi.fn(async () => ({ data: { endpoints, events: ['user.created', 'user.deleted'] }, error: null }));
const create = vi.fn(async (input: { url: string; events: string[] }) => {
  const endpoint = { id: 'wh-1', url: input.url, events: input.events, enabled: true, source: 'console', createdAt: '2026-11-27T10:00:00.000Z' };
  endpoints.push(endpoint);
  return { data: { ...endpoint, secret: SECRET }, error: null };
});
vi.mock('../../../auth', () => ({
  auth: {
    webhooks: {
      list: () => list(),
      create: (input: { url: string; events: string[] }) => create(input),
      deliveries: async () => ({ data: { deliveries: [] }, error: null }),
    },
  },
  useSession: () => ({ data: { user: { id: 'u-admin', email: 'root@example.com', name: 'Root', role: 'admin' }, session: { id: 's' } }, isPending: false }),
}));
vi.mock('../../../lib/providers', () => ({
  useServerInfo: () => ({ features: { webhooks: true, admin: true }, branding: { name: 'Gatehouse', logoUrl: null }, isPending: false }),
}));

afterEach(() => {
  cleanup();
  queryClient.clear();
  endpoints.length = 0;
});
afterAll(async () => {
  await i18n.changeLanguage('en');
});

describe('a new webhook’s secret', () => {
  it('is shown once in the copy-once dialog, and "I have saved it" takes it off the page', async () => {
    await i18n.changeLanguage('en');
    render(
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <MemoryRouter>
            <WebhooksPage />
          </MemoryRouter>
        </ToastProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add webhook' }));
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'https://hooks.example.com/in' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create webhook' }));

    const dialog = await screen.findByRole('dialog', { name: 'New webhook secret' });
    expect(within(dialog).getByRole('status').textContent).toBe(
      'Webhook for https://hooks.example.com/in was added. Copy its signing secret now: it will not be shown again.',
    );
    expect((within(dialog).getByLabelText('Signing secret') as HTMLInputElement).value).toBe(SECRET);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Copy secret' }));
    // Escape does not lose it.
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.getByLabelText('Signing secret')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(screen.queryByLabelText('Signing secret')).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
    expect(await screen.findByRole('region', { name: 'Webhook https://hooks.example.com/in' })).toBeTruthy();
  });
});
