import type { Mail } from './types.js';

/** Escapes text for HTML element content and double- or single-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' })[ch]!);
}

export interface ActionMailInput {
  to: string;
  subject: string;
  /** Shown after "Hello"; falls back to a plain "Hello,". */
  name?: string | null;
  /** Paragraphs before the action. */
  intro: string[];
  /** The button text in the HTML part. */
  actionLabel: string;
  url: string;
  /** Paragraphs after the action (expiry, "ignore this mail if…"). */
  outro: string[];
  /** Signs the mail, e.g. the product name. */
  signature?: string;
  /** The mail's language (the HTML's `lang`); English by default. */
  lang?: string;
  /** The greeting line in the mail's language; by default "Hello {name}," or "Hello,". */
  greeting?: string;
  /** The HTML part's words before the link written out; by default English. */
  buttonFallback?: string;
}

/**
 * One mail with a call to action, as plain text and as simple HTML.
 * The plain-text part keeps the action URL alone on its own line, so that
 * mail clients make it clickable and tests (and people) can copy it whole.
 * Every interpolated value in the HTML part is escaped.
 */
export function renderActionMail(m: ActionMailInput): Mail {
  const greeting = m.greeting ?? (m.name ? `Hello ${m.name},` : 'Hello,');
  const text = [greeting, '', ...m.intro.flatMap((p) => [p, '']), m.url, '', ...m.outro.flatMap((p) => [p, ''])];
  if (m.signature) text.push(`— ${m.signature}`, '');
  const para = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`;
  const href = escapeHtml(m.url);
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(m.lang ?? 'en')}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(m.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111;line-height:1.5">',
    '<div style="max-width:560px;margin:0 auto">',
    para(greeting),
    ...m.intro.map(para),
    `<p style="margin:24px 0"><a href="${href}" style="display:inline-block;padding:10px 18px;background:#111;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(m.actionLabel)}</a></p>`,
    `<p style="margin:0 0 16px;font-size:14px;color:#444">${escapeHtml(m.buttonFallback ?? 'If the button does not work, open this link:')}<br><a href="${href}" style="word-break:break-all">${href}</a></p>`,
    ...m.outro.map(para),
    m.signature ? para(`— ${m.signature}`) : '',
    '</div></body></html>',
  ].join('\n');
  return { to: m.to, subject: m.subject, text: text.join('\n').trimEnd() + '\n', html };
}

/** The display name of a From header (`Acme <no-reply@acme.test>` → `Acme`), for signatures. */
export function senderName(from: string | undefined): string | undefined {
  if (!from) return undefined;
  const m = /^\s*"?([^"<]+?)"?\s*</.exec(from);
  return m?.[1]?.trim() || undefined;
}
