import type { Logger } from '../logger.js';
import type { Mail } from './types.js';

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP through nodemailer when configured; otherwise each mail goes to the
 * log, so that a developer can still follow its link.
 */
export function createMailer(opts: { smtp?: string; from: string; send?: (mail: Mail) => Promise<void> }, logger: Logger): Mailer {
  if (opts.send) return { send: opts.send };
  if (!opts.smtp) {
    return {
      async send(mail) {
        logger.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, `mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
      },
    };
  }
  const smtp = opts.smtp;
  let transport: Promise<import('nodemailer').Transporter> | undefined;
  return {
    async send(mail) {
      // Timeouts go in the URL's query: nodemailer reads its options from the URL alone
      // (a second argument would be message defaults). Values the URL sets win.
      transport ??= import('nodemailer').then((nm) => nm.default.createTransport(withTimeouts(smtp)));
      await (await transport).sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
  };
}

const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** Adds bounded timeouts to an SMTP URL, so a slow or silent server cannot hold a request for minutes. */
export function withTimeouts(smtp: string): string {
  const url = new URL(smtp);
  for (const [k, v] of Object.entries(SMTP_TIMEOUTS)) if (!url.searchParams.has(k)) url.searchParams.set(k, String(v));
  return url.toString();
}
