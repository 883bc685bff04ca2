// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../components/Toasts';
import { i18n } from '../../i18n';
import { Connection, certsOf, type Provider, roleMappingOf } from './SingleSignOnPage';

const sso = vi.hoisted(() => ({
  verifyDomain: vi.fn(),
  updateProvider: vi.fn(),
  deleteProvider: vi.fn(),
  requestDomainVerification: vi.fn(),
  testConnection: vi.fn(),
}));
vi.mock('../../auth', () => ({ auth: { sso } }));
vi.mock('../../lib/reload-all', () => ({ serverChanged: vi.fn() }));

const provider: Provider = {
  providerId: 'initech',
  type: 'saml',
  issuer: 'https://idp.example/metadata',
  domain: 'initech.example',
  domainVerified: false,
  organizationId: 'org-1',
  spMetadataUrl: 'http://localhost/api/auth/sso/saml2/sp/metadata?providerId=initech',
  samlConfig: {
    entryPoint: 'https://idp.example/sso',
    idpMetadata: { entityID: 'https://idp.example/metadata' },
    spMetadata: { entityID: 'http://localhost/sp' },
  },
};

const show = (p: Provider = provider) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        <ul>
          <Connection provider={p} />
        </ul>
      </ToastProvider>
    </QueryClientProvider>,
  );

beforeEach(async () => {
  for (const f of Object.values(sso)) f.mockReset();
  // The pending TXT record, as request-domain-verification answers it.
  sso.requestDomainVerification.mockResolvedValue({ data: { txtRecordName: '_better-auth-token-initech', domainVerificationToken: 'token-123' }, error: null });
  await act(() => i18n.changeLanguage('en'));
});
afterEach(cleanup);

describe('a connection on the Single sign-on page', () => {
  it('shows the TXT record to publish; a record not found yet is said in plain words, a found one verifies the domain', async () => {
    show();
    expect(((await screen.findByLabelText('TXT record name')) as HTMLInputElement).value).toBe('_better-auth-token-initech.initech.example');
    expect((screen.getByLabelText('TXT record value') as HTMLInputElement).value).toBe('token-123');
    expect((screen.getByLabelText('SP entity ID') as HTMLInputElement).value).toBe('http://localhost/sp');

    sso.verifyDomain.mockResolvedValueOnce({
      data: null,
      error: { code: 'DOMAIN_VERIFICATION_FAILED', message: 'Unable to verify domain ownership. Try again later', status: 400 },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify domain' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The TXT record was not found on initech.example.');
    expect(sso.verifyDomain).toHaveBeenCalledWith({ providerId: 'initech' });

    sso.verifyDomain.mockResolvedValueOnce({ data: { success: true, domainVerified: true }, error: null });
    fireEvent.click(screen.getByRole('button', { name: 'Verify domain' }));
    expect((await screen.findByRole('status')).textContent).toContain('initech.example is verified.');
  });

  it('no record is asked for once the domain is verified', () => {
    show({ ...provider, domainVerified: true });
    expect(screen.queryByLabelText('TXT record name')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verify domain' })).toBeNull();
    expect(screen.getByText(/Domain verified/)).toBeTruthy();
  });

  it('Edit: a refused domain is said under Domain, marked invalid and focused; a new certificate is sent only when given', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Edit connection initech' }));
    const form = screen.getByRole('form', { name: 'Edit connection initech' });
    const domain = within(form).getByLabelText('Domain');
    fireEvent.change(domain, { target: { value: 'not a domain' } });
    sso.updateProvider.mockResolvedValueOnce({ data: null, error: { code: 'INVALID_DOMAIN', message: 'Invalid domain', status: 400 } });
    fireEvent.submit(form);
    await waitFor(() => expect(domain.getAttribute('aria-invalid')).toBe('true'));
    const described = (domain.getAttribute('aria-describedby') ?? '').split(' ')[0] ?? '';
    expect(document.getElementById(described)?.textContent).toBe('Invalid domain');
    expect(document.activeElement).toBe(domain);
    expect(sso.updateProvider).toHaveBeenCalledWith({
      providerId: 'initech',
      domain: 'not a domain',
      issuer: 'https://idp.example/metadata',
      samlConfig: { entryPoint: 'https://idp.example/sso', logoutUrl: '', idpMetadata: { entityID: 'https://idp.example/metadata' } },
    });
  });

  it("Edit: the IdP's single logout URL is shown, changed, and removed when emptied", async () => {
    show({ ...provider, samlConfig: { ...provider.samlConfig, logoutUrl: 'https://idp.example/slo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Edit connection initech' }));
    const form = screen.getByRole('form', { name: 'Edit connection initech' });
    const slo = within(form).getByLabelText('IdP single logout URL (optional)') as HTMLInputElement;
    expect(slo.value).toBe('https://idp.example/slo');
    sso.updateProvider.mockResolvedValue({ data: null, error: { code: 'FETCH_ERROR', message: 'offline', status: 0 } });
    fireEvent.change(slo, { target: { value: ' https://idp.example/logout ' } });
    fireEvent.submit(form);
    await waitFor(() => expect(sso.updateProvider).toHaveBeenCalledTimes(1));
    expect(sso.updateProvider.mock.calls[0]?.[0].samlConfig.logoutUrl).toBe('https://idp.example/logout');
    fireEvent.change(slo, { target: { value: '' } });
    fireEvent.submit(form);
    await waitFor(() => expect(sso.updateProvider).toHaveBeenCalledTimes(2));
    expect(sso.updateProvider.mock.calls[1]?.[0].samlConfig.logoutUrl).toBe('');
  });

  it('Remove asks first: Cancel removes nothing', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Remove connection initech' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove connection initech?' });
    expect(dialog.textContent).toContain('People of initech.example can no longer sign in through this identity provider.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sso.deleteProvider).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove connection initech' }));
    sso.deleteProvider.mockResolvedValueOnce({ data: { success: true }, error: null });
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Remove connection initech?' })).getByRole('button', { name: 'Remove connection' }));
    expect((await screen.findByRole('status')).textContent).toContain('Connection initech removed.');
    expect(sso.deleteProvider).toHaveBeenCalledWith({ providerId: 'initech' });
  });
});

describe('require SSO and role mapping on the Single sign-on page', () => {
  it('Require single sign-on waits for a verified domain, then turns it on and says so', async () => {
    show();
    const box = screen.getByLabelText('Require single sign-on for initech.example') as HTMLInputElement;
    expect(box.disabled).toBe(true);
    expect(screen.getByText('Verify the domain first: only a verified domain can require single sign-on.')).toBeTruthy();
    cleanup();
    sso.updateProvider.mockResolvedValueOnce({ data: { ...provider, domainVerified: true, requireSso: true }, error: null });
    show({ ...provider, domainVerified: true });
    const on = screen.getByLabelText('Require single sign-on for initech.example') as HTMLInputElement;
    expect(on.disabled).toBe(false);
    fireEvent.click(on);
    await waitFor(() => expect(sso.updateProvider).toHaveBeenCalledWith({ providerId: 'initech', requireSso: true }));
    expect(await screen.findByText('Single sign-on is now required for initech.example.')).toBeTruthy();
  });

  it('Edit: the role rules are sent as a mapping; a line that is not "group = role" is said under Role rules and nothing is sent', async () => {
    sso.updateProvider.mockResolvedValueOnce({ data: provider, error: null });
    show({ ...provider, roleMapping: { attribute: 'groups', rules: [{ value: 'admins', role: 'admin' }] } });
    expect(screen.getByText('Roles from groups: admins → admin')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit connection initech' }));
    const rules = screen.getByLabelText('Role rules');
    expect((rules as HTMLTextAreaElement).value).toBe('admins = admin');
    fireEvent.change(rules, { target: { value: 'admins = admin\njust a group' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(rules.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Write each line as group = role, and name the attribute above.')).toBeTruthy();
    expect(sso.updateProvider).not.toHaveBeenCalled();
    fireEvent.change(rules, { target: { value: 'admins = admin\nFinance Team = billing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sso.updateProvider).toHaveBeenCalled());
    expect(sso.updateProvider.mock.calls[0]![0].roleMapping).toEqual({
      attribute: 'groups',
      rules: [
        { value: 'admins', role: 'admin' },
        { value: 'Finance Team', role: 'billing' },
      ],
    });
  });

  it('reads rule lines and certificates as the server takes them', () => {
    expect(roleMappingOf('', '')).toBeNull();
    expect(roleMappingOf('groups', '')).toBe('invalid');
    expect(roleMappingOf('', 'a = admin')).toBe('invalid');
    expect(roleMappingOf('groups', 'a=b=admin')).toEqual({ attribute: 'groups', rules: [{ value: 'a=b', role: 'admin' }] });
    const pem = (n: string) => `-----BEGIN CERTIFICATE-----\n${n}\n-----END CERTIFICATE-----`;
    expect(certsOf(pem('AAAA'))).toBe(pem('AAAA'));
    expect(certsOf(`${pem('AAAA')}\n${pem('BBBB')}`)).toEqual([pem('AAAA'), pem('BBBB')]);
  });
});

describe('Test connection', () => {
  it('opens a window at the click, sends it to the IdP once the server answered, and says where the test runs', async () => {
    const popup = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    sso.testConnection.mockResolvedValueOnce({ data: { url: 'https://idp.example/sso?SAMLRequest=x' }, error: null });
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Test connection initech' }));
    expect(open).toHaveBeenCalledWith('', 'sso-test');
    await waitFor(() => expect(popup.location.href).toBe('https://idp.example/sso?SAMLRequest=x'));
    expect(sso.testConnection).toHaveBeenCalledWith({ providerId: 'initech', callbackURL: `${window.location.origin}/organizations/single-sign-on` });
    expect(screen.getByRole('status').textContent).toContain('The test runs in a new window');
    open.mockRestore();
  });

  it('a refusal closes the window it opened and is said on the page', async () => {
    const popup = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    sso.testConnection.mockResolvedValueOnce({
      data: null,
      error: { code: 'PROVIDER_ACCESS_DENIED', message: "You don't have access to this provider", status: 403 },
    });
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Test connection initech' }));
    await waitFor(() => expect(popup.close).toHaveBeenCalled());
    expect(await screen.findByText("You don't have access to this provider")).toBeTruthy();
    open.mockRestore();
  });
});
