// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Field } from './Field';

afterEach(cleanup);

describe('Field', () => {
  it('is found by its label and is valid without an error', () => {
    render(<Field label="Email" type="email" defaultValue="" />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });

  it('shows its error under it, marks itself invalid and is described by the error, then the hint', () => {
    render(<Field label="Email" hint="We never share it" error="Invalid email address" defaultValue="" />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const [first, second] = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(document.getElementById(first ?? '')?.textContent).toBe('Invalid email address');
    expect(document.getElementById(second ?? '')?.textContent).toBe('We never share it');
  });
});
