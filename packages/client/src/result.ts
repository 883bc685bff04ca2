/** An error as the client reports it: the server's `{message, code}` plus the HTTP status. */
export interface AuthError {
  message: string;
  code: string;
  /** HTTP status; 0 when the request never got an answer. */
  status: number;
  /** A validation refusal's issues, one per field (`VALIDATION_ERROR`), in the server's words. */
  issues?: FieldIssue[];
}

/** One field's refusal, as the server names it. */
export interface FieldIssue {
  field: string;
  message: string;
}

/** Every call resolves to this; it never throws. */
export type AuthResult<T> = { data: T; error: null } | { data: null; error: AuthError };

export const NETWORK_ERROR: AuthError = Object.freeze({
  message: 'Network error',
  code: 'FETCH_ERROR',
  status: 0,
});

const STATUS_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  422: 'UNPROCESSABLE_ENTITY',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
};

/**
 * Builds the error of a failed answer. The server's JSON `{message, code}` wins;
 * a body without them (a 404 has none) falls back to the HTTP status.
 */
export function errorFromAnswer(status: number, statusText: string, body: unknown): AuthError {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code = typeof fields.code === 'string' && fields.code ? fields.code : (STATUS_CODES[status] ?? `HTTP_${status}`);
  const message =
    typeof fields.message === 'string' && fields.message
      ? fields.message
      : typeof body === 'string' && body
        ? body
        : statusText || `Request failed with status ${status}`;
  const issues = Array.isArray(fields.issues) ? fields.issues.filter(isFieldIssue) : [];
  return issues.length > 0 ? { message, code, status, issues } : { message, code, status };
}

function isFieldIssue(value: unknown): value is FieldIssue {
  if (typeof value !== 'object' || value === null) return false;
  const { field, message } = value as Record<string, unknown>;
  return typeof field === 'string' && typeof message === 'string';
}
