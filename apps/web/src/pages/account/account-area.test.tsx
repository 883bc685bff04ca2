// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../components/Toasts';
import { i18n } from '../../i18n';
import { accountNav, isCurrent, legacySectionPath } from './account-nav';
import { ApiKeyItem } from './ApiKeyItem';
import { LinkedAccounts } from './LinkedAccounts';
import type { LinkedAccountsQuery } from './useLinkedAccounts';

const calls = vi.hoisted(() => ({
  deleteKey: vi.fn(async (_: { keyId: string }) => ({ data: { success: true }, error: null })),
  unlink: vi.fn(async (_: { providerId: string; accountId: string }) => ({ data: { status: true }, error: null })),
}));

vi.mock('../../auth', () => ({
  auth: { apiKey: { delete: calls.deleteKey }, unlinkAccount: calls.unlink, linkSocial: vi.fn() },
}));
// The screens' reload after an action is not under test here.
vi.mock('../../lib/reload-all', () => ({ serverChanged: vi.fn() }));

type ApiKey = Parameters<typeof ApiKeyItem>[0]['apiKey'];

const apiKey = {
  id: 'key-1',
  name: 'Deploy script',
  start: 'abcdef',
  enabled: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: null,
  lastRequest: null,
} as ApiKey;

/** A loaded list of linked accounts, as useLinkedAccounts gives it. */
function loaded(data: Array<{ id: string; providerId: string; accountId: string; createdAt: string }>): LinkedAccountsQuery {
  return { data, error: null, isPending: false } as unknown as LinkedAccountsQuery;
}

beforeEach(async () => {
  calls.deleteKey.mockClear();
  calls.unlink.mockClear();
  await act(() => i18n.changeLanguage('en'));
});
afterEach(cleanup);

describe('deleting an API key asks first', () => {
  it('Cancel deletes nothing; the dialog\'s "Delete API key" deletes it and a toast says so', async () => {
    render(
      <ToastProvider>
        <ul>
          <ApiKeyItem apiKey={apiKey} />
        </ul>
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete Deploy script' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this API key?' });
    expect(dialog.textContent).toContain('Delete the API key "Deploy script"? Anything using it will stop working at once.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.deleteKey).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Deploy script' }));
    await act(async () => {
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete API key' }));
    });
    expect(calls.deleteKey).toHaveBeenCalledWith({ keyId: 'key-1' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('API key "Deploy script" deleted')).toBeTruthy();
  });
});

describe('the linked accounts in French', () => {
  it('headings, names and dates in French; unlinking Google with a French toast', async () => {
    await act(() => i18n.changeLanguage('fr'));
    render(
      <ToastProvider>
        <LinkedAccounts
          accounts={loaded([
            { id: 'a1', providerId: 'credential', accountId: 'u1', createdAt: '2026-11-23T09:30:00.000Z' },
            { id: 'a2', providerId: 'google', accountId: 'g1', createdAt: '2026-11-23T09:30:00.000Z' },
          ])}
        />
      </ToastProvider>,
    );
    const section = screen.getByRole('region', { name: 'Comptes associés' });
    expect(section.textContent).toContain('Les moyens par lesquels vous pouvez vous connecter à ce compte.');
    expect(section.textContent).toContain('E-mail et mot de passe');
    expect(section.textContent).toMatch(/Associé le 23 nov\. 2026/);

    // Unlinking acts at once (linking again undoes it); the toast says so in French.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Dissocier Google' }));
    });
    expect(calls.unlink).toHaveBeenCalledWith({ providerId: 'google', accountId: 'g1' });
    expect(screen.getByText('Google dissocié')).toBeTruthy();
  });
});

describe('the account sidebar', () => {
  const features = { twoFactor: true, apiKey: false, oidcProvider: true, deleteUser: true } as Parameters<typeof accountNav>[0];

  it('lists the parts the server runs, in order', () => {
    expect(accountNav(features).map((item) => item.key)).toEqual([
      'profile',
      'security',
      'sessions',
      'twoFactor',
      'signInMethods',
      'connectedApps',
      'dangerZone',
    ]);
  });

  it('gives each entry a page of its own, marked current by its path alone', () => {
    const items = accountNav({ ...features, apiKey: true });
    expect(items.map((item) => item.to)).toEqual([
      '/account',
      '/account/security',
      '/sessions',
      '/two-factor',
      '/account/sign-in-methods',
      '/account/api-keys',
      '/account/connected-apps',
      '/account/danger-zone',
    ]);
    expect(new Set(items.map((item) => item.to)).size).toBe(items.length);
    const [profile, security, sessions] = items;
    expect(isCurrent(profile!, '/account')).toBe(true);
    expect(isCurrent(profile!, '/account/')).toBe(true);
    expect(isCurrent(security!, '/account')).toBe(false);
    expect(isCurrent(profile!, '/account/security')).toBe(false);
    expect(isCurrent(security!, '/account/security')).toBe(true);
    expect(isCurrent(sessions!, '/sessions')).toBe(true);
  });

  it("sends the one-page account's addresses (/account#part) to the page that holds that part", () => {
    expect(legacySectionPath('/account', '#security')).toBe('/account/security');
    expect(legacySectionPath('/account', '#linked-accounts')).toBe('/account/sign-in-methods');
    expect(legacySectionPath('/account', '#api-keys')).toBe('/account/api-keys');
    expect(legacySectionPath('/account', '#connected-apps')).toBe('/account/connected-apps');
    expect(legacySectionPath('/account', '#danger-zone')).toBe('/account/danger-zone');
    // The profile is /account itself; an unknown part or another page stays where it is.
    expect(legacySectionPath('/account', '#profile')).toBeNull();
    expect(legacySectionPath('/account', '')).toBeNull();
    expect(legacySectionPath('/account', '#nothing')).toBeNull();
    expect(legacySectionPath('/sessions', '#security')).toBeNull();
  });
});
