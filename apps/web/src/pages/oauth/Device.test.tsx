// @vitest-environment happy-dom
import '../../i18n';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { Device } from './Device';

type Answer = { data: { redirect: string; application: string } | null; error: { code: string; message: string; status: number } | null };
const verify = vi.fn(async (_input: { userCode: string }): Promise<Answer> => ({ data: null, error: null }));
vi.mock('../../auth', () => ({
  auth: { oauth2: { device: { verify: (input: { userCode: string }) => verify(input) } }, signOut: vi.fn() },
  useSession: () => ({ data: null, isPending: false }),
}));

const at = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Device />
    </MemoryRouter>,
  );

afterEach(() => {
  cleanup();
  verify.mockReset();
});
afterAll(async () => {
  await i18n.changeLanguage('en');
});

describe('the device page', () => {
  it("shows a refused code under the field, in the server's words, and marks it invalid", async () => {
    await i18n.changeLanguage('en');
    verify.mockResolvedValueOnce({
      data: null,
      error: { code: 'INVALID_USER_CODE', message: 'This code is not valid. Check the code shown on your device and enter it again', status: 400 },
    });
    at('/device');
    const field = screen.getByLabelText('Code');
    fireEvent.change(field, { target: { value: 'bcdf-ghjk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(verify).toHaveBeenCalledWith({ userCode: 'bcdf-ghjk' }));
    expect(await screen.findByText(/This code is not valid/)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it("keeps the code of verification_uri_complete and the provider's reason for it", async () => {
    await i18n.changeLanguage('en');
    at('/device?user_code=BCDF-GHJK&error=expired');
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('BCDF-GHJK');
    expect(screen.getByText('This code has expired. Start again on your device to get a new one.')).toBeTruthy();
  });

  it('says a cancelled sign-in at the top, and the done screen names the application (German)', async () => {
    await i18n.changeLanguage('en');
    at('/device?error=aborted');
    expect(screen.getByRole('alert').textContent).toBe('The sign-in was cancelled. Start again on your device if you still want to connect it.');
    cleanup();
    await i18n.changeLanguage('de');
    at('/device?done=1&app=Terminal');
    expect(screen.getByRole('heading', { name: 'Ihr Gerät ist verbunden' })).toBeTruthy();
    expect(screen.getByText('Terminal ist angemeldet. Sie können diese Seite schließen und zu Ihrem Gerät zurückkehren.')).toBeTruthy();
  });
});
