import { type RefObject, useEffect } from 'react';

/**
 * After a refusal, moves focus to the form's first field marked invalid, so a keyboard or screen
 * reader user lands on what to fix (its message is tied to it by aria-describedby).
 */
export function useFocusInvalid(form: RefObject<HTMLElement | null>, error: unknown): void {
  useEffect(() => {
    if (!error) return;
    const field = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    field?.focus();
  }, [form, error]);
}
