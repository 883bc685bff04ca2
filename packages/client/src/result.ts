/** An error as the client reports it: the server's `{message, code}` plus the HTTP status. */
export interface AuthError {
  message: string;
  code: string;
  /** HTTP status; 0 when the request never got an answer. */
  status: number;
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
  const code =
    typeof fields.code === 'string' && fields.code
      ? fields.code
      : (STATUS_CODES[status] ?? `HTTP_${status}`);
  const message =
    typeof fields.message === 'string' && fields.message
      ? fields.message
      : typeof body === 'string' && body
        ? body
        : statusText || `Request failed with status ${status}`;
  return { message, code, status };
}
