import { type RefObject, useLayoutEffect } from 'react';

/**
 * After a refusal, moves focus to the form's first field marked invalid, so a keyboard or screen
 * reader user lands on what to fix (its message is tied to it by aria-describedby). A layout effect: the focus
 * moves in the commit that marks the field, not in a later task (a busy machine's tests saw the field marked and
 * focus still elsewhere).
 */
export function useFocusInvalid(form: RefObject<HTMLElement | null>, error: unknown): void {
  useLayoutEffect(() => {
    if (!error) return;
    const field = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    field?.focus();
  }, [form, error]);
}
