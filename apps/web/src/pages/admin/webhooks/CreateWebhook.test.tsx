// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { CreateWebhook } from './CreateWebhook';

const create = vi.hoisted(() => vi.fn());
vi.mock('../../../auth', () => ({ auth: { webhooks: { create } } }));
vi.mock('../../../lib/reload-all', () => ({ serverChanged: vi.fn() }));

const EVENTS = ['user.created', 'user.updated', 'user.deleted', 'session.created', 'session.revoked', 'organization.created'];

beforeEach(async () => {
  create.mockReset();
  await act(() => i18n.changeLanguage('en'));
});
afterEach(cleanup);

describe('adding a webhook', () => {
  it('says a refused URL under the URL field, marked invalid and focused, not below the events', async () => {
    create.mockResolvedValue({
      data: null,
      error: { code: 'WEBHOOK_URL_NOT_ALLOWED', message: 'The webhook URL points to a private or loopback address', status: 400 },
    });
    render(<CreateWebhook events={EVENTS} onClose={vi.fn()} onCreated={vi.fn()} />);
    const url = screen.getByLabelText('URL');
    fireEvent.change(url, { target: { value: 'http://127.0.0.1/hook' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create webhook' }));
    await waitFor(() => expect(url.getAttribute('aria-invalid')).toBe('true'));
    const described = (url.getAttribute('aria-describedby') ?? '').split(' ')[0] ?? '';
    expect(document.getElementById(described)?.textContent).toBe('The webhook URL points to a private or loopback address');
    expect(document.activeElement).toBe(url);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
