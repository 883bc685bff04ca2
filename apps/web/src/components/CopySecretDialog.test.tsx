// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { CopySecretDialog } from './CopySecretDialog';

beforeEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});
afterEach(cleanup);

const show = (onClose = vi.fn(), open = true) =>
  render(
    <CopySecretDialog
      open={open}
      title="API key created"
      message="Copy it now: it will not be shown again."
      secrets={[{ label: 'API key', value: 'secret-value-123', copyLabel: 'Copy API key' }]}
      onClose={onClose}
    />,
  );

describe('the copy-this-secret dialog', () => {
  it('shows the secret with its copy button, says "Copied." once copied, and focuses the copy button first', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    show();
    expect(screen.getByRole('status').textContent).toBe('Copy it now: it will not be shown again.');
    expect((screen.getByLabelText('API key') as HTMLInputElement).value).toBe('secret-value-123');
    const copy = screen.getByRole('button', { name: 'Copy API key' });
    expect(document.activeElement).toBe(copy);
    fireEvent.click(copy);
    await waitFor(() => expect(screen.getByText('Copied.')).toBeTruthy());
    expect(writeText).toHaveBeenCalledWith('secret-value-123');
  });

  it('closes only with "I have saved it": Escape leaves it open', () => {
    const onClose = vi.fn();
    show(onClose);
    const dialog = screen.getByRole('dialog', { hidden: true });
    const cancel = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'I have saved it' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closed, holds nothing: the secret is not in the page', () => {
    const { container } = show(vi.fn(), false);
    expect(container.textContent).not.toContain('secret-value-123');
    expect(container.querySelector('input')).toBeNull();
  });
});
