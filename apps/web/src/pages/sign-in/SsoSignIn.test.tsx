// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { MemoryRouter } from 'react-router';
import { SsoSignIn, SsoSuggestion, ssoErrorURL } from './SsoSignIn';

const calls = vi.hoisted(() => ({ sso: vi.fn(), domainLookup: vi.fn() }));
vi.mock('../../auth', () => ({ auth: { signIn: { sso: calls.sso }, sso: { domainLookup: calls.domainLookup } } }));
vi.mock('../../lib/reload-all', () => ({ serverChanged: vi.fn() }));

beforeEach(async () => {
  calls.sso.mockReset();
  calls.domainLookup.mockReset();
  await act(() => i18n.changeLanguage('en'));
});
afterEach(cleanup);

const NOT_FOUND = { data: null, error: { code: 'NO_PROVIDER_FOR_ISSUER', message: 'No provider found for the issuer', status: 404 } };

describe('Sign in with SSO', () => {
  it("asks the server for the work email's provider; none is said under Work email, marked invalid and focused", async () => {
    calls.sso.mockResolvedValueOnce(NOT_FOUND);
    render(<SsoSignIn redirect="/account" onCancel={vi.fn()} />);
    const email = screen.getByLabelText('Work email');
    fireEvent.change(email, { target: { value: ' pat@nowhere.example ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with SSO' }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    const described = (email.getAttribute('aria-describedby') ?? '').split(' ')[0] ?? '';
    expect(document.getElementById(described)?.textContent).toBe(
      'No organization signs in with single sign-on for this address. Check it, or sign in with a password instead.',
    );
    expect(document.activeElement).toBe(email);
    expect(calls.sso).toHaveBeenCalledWith({
      email: 'pat@nowhere.example',
      callbackURL: `${window.location.origin}/account`,
      errorCallbackURL: `${window.location.origin}/sign-in?method=sso`,
    });
  });

  it("the organization's ID instead: sent as organizationSlug, its refusal in its own words", async () => {
    calls.sso.mockResolvedValueOnce(NOT_FOUND);
    render(<SsoSignIn redirect="/organizations" onCancel={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: "Use your organization's ID instead" }));
    const slug = screen.getByLabelText('Organization ID');
    fireEvent.change(slug, { target: { value: 'initech' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with SSO' }));
    await waitFor(() => expect(slug.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('No organization with single sign-on has this ID. Check it, or use your work email.')).toBeTruthy();
    expect(calls.sso).toHaveBeenCalledWith({
      organizationSlug: 'initech',
      callbackURL: `${window.location.origin}/organizations`,
      errorCallbackURL: `${window.location.origin}/sign-in?method=sso&redirect=%2Forganizations`,
    });
  });

  it("an identity provider's refusal (?error=) is said in plain words, with the code as Details", () => {
    render(<SsoSignIn redirect="/account" flowError={{ code: 'replay_detected', description: null }} onCancel={vi.fn()} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This sign-in answer was already used. Please start again.');
    expect(alert.textContent).toContain('replay_detected');
  });

  it('leaves for the identity provider once: an answer with redirect: true is followed by the client, not again by the page', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    try {
      for (const [answer, assigned] of [
        [{ url: 'https://idp.example/sso?SAMLRequest=a', redirect: true }, 0],
        [{ url: 'https://idp.example/sso?SAMLRequest=b' }, 1],
      ] as const) {
        cleanup();
        assign.mockClear();
        calls.sso.mockResolvedValueOnce({ data: answer, error: null });
        render(<SsoSignIn redirect="/account" onCancel={vi.fn()} />);
        fireEvent.change(screen.getByLabelText('Work email'), { target: { value: 'pat@initech.example' } });
        fireEvent.click(screen.getByRole('button', { name: 'Continue with SSO' }));
        await waitFor(() => expect(calls.sso).toHaveBeenCalled());
        await screen.findByRole('button', { name: "Going to your organization's sign-in page…" });
        expect(assign).toHaveBeenCalledTimes(assigned);
        if (assigned) expect(assign).toHaveBeenCalledWith(answer.url);
      }
    } finally {
      assign.mockRestore();
    }
  });

  it('comes back to this step, keeping where to go', () => {
    expect(ssoErrorURL('/account')).toBe(`${window.location.origin}/sign-in?method=sso`);
    expect(ssoErrorURL('/accept-invitation/1')).toBe(`${window.location.origin}/sign-in?method=sso&redirect=%2Faccept-invitation%2F1`);
  });
});

describe('email-first: Continue with SSO under the sign-in form', () => {
  const show = (email: string, refused = false) =>
    render(
      <MemoryRouter initialEntries={['/sign-in?redirect=%2Forganizations']}>
        <SsoSuggestion email={email} refused={refused} />
      </MemoryRouter>,
    );

  it("asks about a whole address's domain only, then offers SSO and starts it for that address", async () => {
    calls.domainLookup.mockResolvedValue({ data: { sso: true, required: true }, error: null });
    calls.sso.mockResolvedValueOnce({ data: null, error: { code: 'FETCH_ERROR', message: 'offline', status: 0 } });
    const { rerender } = show('pat@initech');
    await new Promise((r) => setTimeout(r, 450));
    expect(calls.domainLookup).not.toHaveBeenCalled();
    rerender(
      <MemoryRouter initialEntries={['/sign-in?redirect=%2Forganizations']}>
        <SsoSuggestion email="pat@initech.example" />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Your organization signs you in with single sign-on.')).toBeTruthy();
    expect(calls.domainLookup).toHaveBeenCalledTimes(1);
    expect(calls.domainLookup).toHaveBeenCalledWith({ email: 'pat@initech.example' });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with SSO' }));
    await waitFor(() =>
      expect(calls.sso).toHaveBeenCalledWith({
        email: 'pat@initech.example',
        callbackURL: `${window.location.origin}/organizations`,
        errorCallbackURL: `${window.location.origin}/sign-in?method=sso&redirect=%2Forganizations`,
      }),
    );
  });

  it('offers nothing for a domain without SSO; after an SSO_REQUIRED refusal the button shows at once', async () => {
    calls.domainLookup.mockResolvedValue({ data: { sso: false, required: false }, error: null });
    show('pat@elsewhere.example');
    await waitFor(() => expect(calls.domainLookup).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Continue with SSO' })).toBeNull();
    cleanup();
    show('pat@initech.example', true);
    expect(screen.getByRole('button', { name: 'Continue with SSO' })).toBeTruthy();
  });

  it('is the primary action where the domain requires SSO, and tells the form so; a secondary one where SSO is only offered', async () => {
    const onRequired = vi.fn();
    const offer = (email: string) =>
      render(
        <MemoryRouter>
          <SsoSuggestion email={email} onRequired={onRequired} />
        </MemoryRouter>,
      );
    calls.domainLookup.mockResolvedValueOnce({ data: { sso: true, required: true }, error: null });
    offer('pat@initech.example');
    const required = await screen.findByRole('button', { name: 'Continue with SSO' });
    expect(required.className).toContain('primary');
    expect(onRequired).toHaveBeenLastCalledWith(true);
    cleanup();
    calls.domainLookup.mockResolvedValueOnce({ data: { sso: true, required: false }, error: null });
    offer('sam@globex.example');
    const offered = await screen.findByRole('button', { name: 'Continue with SSO' });
    expect(offered.className).not.toContain('primary');
    expect(onRequired).toHaveBeenLastCalledWith(false);
  });
});
