/**
 * The one error catalogue. Each code maps to the specification's message,
 * word for word. Plugins add their own catalogues through `defineErrors`.
 */
export const BASE_ERRORS = {
  USER_NOT_FOUND: 'User not found',
  FAILED_TO_CREATE_USER: 'Failed to create user',
  FAILED_TO_CREATE_SESSION: 'Failed to create session',
  FAILED_TO_UPDATE_USER: 'Failed to update user',
  FAILED_TO_GET_SESSION: 'Failed to get session',
  INVALID_PASSWORD: 'Invalid password',
  INVALID_EMAIL: 'Invalid email',
  INVALID_EMAIL_OR_PASSWORD: 'Invalid email or password',
  SOCIAL_ACCOUNT_ALREADY_LINKED: 'Social account already linked',
  PROVIDER_NOT_FOUND: 'Provider not found',
  INVALID_TOKEN: 'invalid token',
  ID_TOKEN_NOT_SUPPORTED: 'id_token not supported',
  FAILED_TO_GET_USER_INFO: 'Failed to get user info',
  USER_EMAIL_NOT_FOUND: 'User email not found',
  EMAIL_NOT_VERIFIED: 'Email not verified',
  PASSWORD_TOO_SHORT: 'Password too short',
  PASSWORD_TOO_LONG: 'Password too long',
  USER_ALREADY_EXISTS: 'User already exists',
  EMAIL_CAN_NOT_BE_UPDATED: 'Email can not be updated',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'Credential account not found',
  NO_PASSWORD_CREDENTIAL_FOUND: 'No password credential found',
  SESSION_EXPIRED: 'Session expired. Re-authenticate to perform this action.',
  FAILED_TO_UNLINK_LAST_ACCOUNT: "You can't unlink your last account",
  ACCOUNT_NOT_FOUND: 'Account not found',
  SESSION_NOT_FRESH: 'Session is not fresh',
  SESSION_NOT_FOUND: 'Session not found',
  API_KEY_NOT_ALLOWED: 'This action needs a signed-in person; an API key cannot do it',
  VERIFICATION_EMAIL_NOT_ENABLED: "Verification email isn't enabled",
  RESET_PASSWORD_DISABLED: "Reset password isn't enabled",
  EMAIL_PASSWORD_DISABLED: 'Email and password is not enabled',
  EMAIL_PASSWORD_SIGN_UP_DISABLED: 'Email and password sign up is not enabled',
  CHANGE_EMAIL_DISABLED: 'Change email is disabled',
  EMAIL_IS_THE_SAME: 'Email is the same',
  COULDNT_UPDATE_YOUR_EMAIL: "Couldn't update your email",
  USER_ALREADY_HAS_PASSWORD: 'user already has a password',
  CALLBACK_URL_REQUIRED: 'callbackURL is required',
  UNABLE_TO_CREATE_VERIFICATION: 'Unable to create verification',
  INVALID_ORIGIN: 'Invalid origin',
  INVALID_CALLBACK_URL: 'Invalid callbackURL',
  INVALID_REDIRECT_URL: 'Invalid redirectURL',
  INVALID_ERROR_CALLBACK_URL: 'Invalid errorCallbackURL',
  INVALID_NEW_USER_CALLBACK_URL: 'Invalid newUserCallbackURL',
  TOO_MANY_REQUESTS: 'Too many requests. Please try again later.',
  UNAUTHORIZED: 'Unauthorized',
  NOT_FOUND: 'Not Found',
  PAYLOAD_TOO_LARGE: 'Request body is too large',
  INVALID_JSON: 'Invalid JSON body',
  VALIDATION_ERROR: 'Invalid request',
  SESSION_DATA_TOO_LARGE: 'Session data is too large to store in the cookie. Please disable session cookie caching or reduce the size of the session data',
  MAIL_DELIVERY_FAILED: 'Unable to send email. Please try again later.',
  SERVICE_UNAVAILABLE: 'Service temporarily unavailable. Please try again later.',
  INTERNAL_SERVER_ERROR: 'Internal Server Error',
} as const;

export type BaseErrorCode = keyof typeof BASE_ERRORS;

/** Declares a plugin's catalogue; the result is the same object, typed. */
export function defineErrors<const T extends Record<string, string>>(errors: T): T {
  return errors;
}

export const STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE_ENTITY: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type StatusName = keyof typeof STATUS;

/**
 * A typed error thrown anywhere inside; the HTTP edge turns it into
 * `{ message, code }` with its status.
 */
/** One field's problem in a refused request, for the app to show next to that field. */
export interface FieldIssue {
  /** The field's path, dotted (`user.name`); empty for the request as a whole. */
  field: string;
  message: string;
}

/**
 * Work declined because the client hung up before it began (a password hash that waited for a
 * slot): no one is left to answer. Answered 499, as proxies name it, and not logged as an error.
 */
export class ClientGoneError extends Error {
  constructor() {
    super('The client closed the request before its work began');
    this.name = 'ClientGoneError';
  }
}

export class APIError extends Error {
  readonly status: number;
  readonly statusName: StatusName;
  readonly code: string;
  readonly headers: Record<string, string>;
  /** Per-field problems (VALIDATION_ERROR); answered beside message and code. */
  issues?: FieldIssue[];
  /**
   * The issues said again in another language (a schema's refusal sets it: i18n/validation.ts).
   * Called only when the answer is not in English; without it, each issue's message is
   * translated when it is a catalogued one.
   */
  issuesIn?: (locale: string) => { message: string; issues: FieldIssue[] };

  constructor(statusName: StatusName, code: string, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'APIError';
    this.statusName = statusName;
    this.status = STATUS[statusName];
    this.code = code;
    this.headers = headers;
  }

  toJSON(): { message: string; code: string; issues?: FieldIssue[] } {
    return this.issues ? { message: this.message, code: this.code, issues: this.issues } : { message: this.message, code: this.code };
  }
}

/** A 400 VALIDATION_ERROR whose message joins the issues' (or is given), the issues listed beside it. */
export function validationError(issues: FieldIssue[], message = issues.map((i) => i.message).join('; ')): APIError {
  const error = new APIError('BAD_REQUEST', 'VALIDATION_ERROR', message);
  error.issues = issues;
  return error;
}

/** Throws the catalogued error `code` with `status`. */
export function fail(statusName: StatusName, code: BaseErrorCode): never {
  throw new APIError(statusName, code, BASE_ERRORS[code]);
}

/** For plugins: an error factory bound to their own catalogue. */
export function errorsOf<T extends Record<string, string>>(catalogue: T) {
  return (statusName: StatusName, code: keyof T & string): APIError => new APIError(statusName, code, catalogue[code]!);
}
