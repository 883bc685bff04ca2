import type { BackgroundTasks } from '../background.js';
import { APIError, BASE_ERRORS } from '../errors.js';
import type { Logger } from '../logger.js';
import type { Mail } from './types.js';

/**
 * Runs one mail delivery (the built-in mailer or a library user's own send
 * function). A failure is logged with its cause and surfaces to the caller as
 * 503 MAIL_DELIVERY_FAILED, never as a bare 500 or a leaked SMTP message.
 * Callers undo whatever they stored for the mail before rethrowing.
 */
export async function deliverMail(auth: { logger: Logger }, what: { kind: string; to: string }, send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (e) {
    if (e instanceof APIError) throw e;
    const err = e as { message?: unknown; code?: unknown; responseCode?: unknown; command?: unknown };
    auth.logger.error(
      {
        mail: what.kind,
        to: what.to,
        err: { message: String(err?.message ?? e), code: err?.code, responseCode: err?.responseCode, command: err?.command },
      },
      `mail delivery failed (${what.kind})`,
    );
    throw new APIError('SERVICE_UNAVAILABLE', 'MAIL_DELIVERY_FAILED', BASE_ERRORS.MAIL_DELIVERY_FAILED);
  }
}

/** Whether mails actually leave the process (SMTP or a custom sender), as opposed to going to the log. */
export function mailIsConfigured(auth: { options: { email: { smtp?: string; send?: (mail: Mail) => Promise<void> } } }): boolean {
  return !!(auth.options.email.smtp || auth.options.email.send);
}

/**
 * Sends a mail after the answer, for routes anyone may call about any address
 * (forgot-password, send-verification-email): whether, when and how delivery
 * goes must not tell the caller that the address has an account. A failure is
 * logged (by deliverMail) and `onFailure` undoes what was stored for the mail.
 */
export function deliverInBackground(
  auth: { logger: Logger; background: BackgroundTasks },
  send: () => Promise<void>,
  onFailure?: () => Promise<unknown>,
): void {
  // Started on the next turn of the event loop: none of its work happens inside the answer.
  const started = new Promise<void>((resolve) => setImmediate(resolve)).then(send);
  auth.background.run(
    started.catch(async () => {
      try {
        await onFailure?.();
      } catch (e) {
        auth.logger.error({ err: String(e) }, 'could not undo after a failed mail');
      }
    }),
  );
}
