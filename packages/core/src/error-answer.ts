import { randomUUID } from 'node:crypto';
import { APIError, BASE_ERRORS, ClientGoneError } from './errors.js';
import type { Translator } from './i18n/translator.js';
import type { Logger } from './logger.js';

/** An answer to something thrown: what the status, body and headers are, whatever carries them. */
export interface ErrorAnswer {
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** What the answer needs of the request: for the log line of a 500. */
export interface ErrorRequest {
  method: string;
  url: string;
  header(name: string): string | null | undefined;
}

/**
 * Anything thrown, as the answer to give: an APIError as itself, a lost database as 503, work
 * declined for a client that hung up as 499 (sent to no one, but counted as such in metrics),
 * anything else as a 500 that is logged (with a request id) and never echoed. With a
 * translator, the message is in the language of the request's `Accept-Language` (the code
 * never changes); an English answer is the error's own bytes.
 */
export function errorAnswer(logger: Logger, error: unknown, request: ErrorRequest, i18n?: Translator): ErrorAnswer {
  if (error instanceof APIError) {
    return { status: error.status, body: JSON.stringify(localized(error, request, i18n)), headers: { 'content-type': 'application/json', ...error.headers } };
  }
  if (error instanceof ClientGoneError) {
    logger.debug({ method: request.method, url: request.url }, 'client gone before its work began');
    return {
      status: 499,
      body: JSON.stringify({ message: 'Client closed request', code: 'CLIENT_CLOSED_REQUEST' }),
      headers: { 'content-type': 'application/json' },
    };
  }
  if (isDatabaseDown(error)) {
    logger.error({ err: String(error) }, 'database unavailable');
    return errorAnswer(logger, new APIError('SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE', BASE_ERRORS.SERVICE_UNAVAILABLE), request, i18n);
  }
  const requestId = request.header('x-request-id') ?? randomUUID();
  logger.error(
    { requestId, method: request.method, url: request.url, err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error) },
    'unhandled error',
  );
  return {
    status: 500,
    body: JSON.stringify(localized(new APIError('INTERNAL_SERVER_ERROR', 'INTERNAL_SERVER_ERROR', BASE_ERRORS.INTERNAL_SERVER_ERROR), request, i18n)),
    headers: { 'content-type': 'application/json', 'x-request-id': requestId },
  };
}

/** An error's body in the request's language; the error's own when that is today's English. */
function localized(error: APIError, request: ErrorRequest, i18n: Translator | undefined): ReturnType<APIError['toJSON']> {
  // Only now, with an error to answer, is the header read and weighed.
  const locale = i18n?.answerLocale(request.header('accept-language'));
  if (!i18n || !locale) return error.toJSON();
  const message = i18n.errorMessage(locale, error.code, error.message);
  if (!error.issues) return { message, code: error.code };
  if (error.issuesIn) {
    const again = error.issuesIn(locale);
    return { message: again.message, code: error.code, issues: again.issues };
  }
  const issues = error.issues.map((i) => ({ field: i.field, message: i18n.messageOnly(locale, i.message) }));
  // A message that was the issues joined is joined again from the translated ones.
  const joined = error.message === error.issues.map((i) => i.message).join('; ');
  return { message: joined ? issues.map((i) => i.message).join('; ') : message, code: error.code, issues };
}

/** Turns anything thrown into a Response (`errorAnswer`). */
export function toErrorResponse(logger: Logger, error: unknown, request: Request, i18n?: Translator): Response {
  const answer = errorAnswer(logger, error, { method: request.method, url: request.url, header: (name) => request.headers.get(name) }, i18n);
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

const DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
]);
// Drivers that lose a connection mid-query say so in words, without a code.
const DOWN_MESSAGES =
  /Connection terminated|connection (is )?closed|Connection lost|timeout exceeded when trying to connect|Query read timeout|Can't add new command when connection is in closed state/i;

function isDatabaseDown(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = 'code' in error ? String((error as { code: unknown }).code) : '';
  const message = 'message' in error ? String((error as { message: unknown }).message) : '';
  return DOWN_CODES.has(code) || DOWN_MESSAGES.test(message);
}
