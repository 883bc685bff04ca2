import type { AuthError } from '@gatehouse/client';

/** A refusal's messages by field (`email` → "Invalid email address"); empty for other errors. */
export function fieldErrors(error: AuthError | null | undefined): Readonly<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const issue of error?.issues ?? []) {
    // The first issue of a field is the one to fix first.
    out[issue.field] ??= issue.message;
  }
  return out;
}

/** Whether an error is shown under its fields (so the form's top only summarises it). */
export function hasFieldErrors(error: AuthError | null | undefined): boolean {
  return (error?.issues?.length ?? 0) > 0;
}
