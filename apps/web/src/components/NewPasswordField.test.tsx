// @vitest-environment happy-dom
import '../i18n';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { NewPasswordField } from './NewPasswordField';

const estimate = vi.hoisted(() =>
  vi.fn((password: string) => ({ score: password.length > 12 ? 4 : 1, label: `score of ${password}`, warning: null, suggestions: [] })),
);
vi.mock('../lib/password-strength', async (original) => ({
  ...(await original<typeof import('../lib/password-strength')>()),
  loadStrengthEstimator: () => Promise.resolve(estimate),
}));

afterEach(async () => {
  cleanup();
  estimate.mockClear();
  await i18n.changeLanguage('en');
});

/** A form around the field: its name is one of the person's words, its note is not; typing in either re-renders the field. */
function Form() {
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  return (
    <form>
      <label>
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        Note
        <input value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      <NewPasswordField value={password} onChange={setPassword} userInputs={[name]} />
    </form>
  );
}

describe('a new password field', () => {
  it('estimates once per password, not on every render of its form; again when the person’s words or the language change', async () => {
    render(<Form />);
    const password = screen.getByLabelText('Password');
    fireEvent.change(password, { target: { value: 'tea' } });
    await waitFor(() => expect(estimate).toHaveBeenCalledTimes(1));
    expect(estimate).toHaveBeenLastCalledWith('tea', []);

    fireEvent.change(password, { target: { value: 'tea-kettle-orbit' } });
    expect(estimate).toHaveBeenCalledTimes(2);

    // The person's name is a word the estimator must count as guessable: a new estimate.
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    expect(estimate).toHaveBeenCalledTimes(3);
    expect(estimate).toHaveBeenLastCalledWith('tea-kettle-orbit', ['Ada']);

    // Typing elsewhere in the form re-renders the field with the same password and words: not estimated again.
    for (const note of ['a', 'ab', 'abc']) fireEvent.change(screen.getByLabelText('Note'), { target: { value: note } });
    expect(estimate).toHaveBeenCalledTimes(3);

    await i18n.changeLanguage('de');
    await waitFor(() => expect(estimate).toHaveBeenCalledTimes(4));
  });
});
