import type { Translator } from '../i18n/translator.js';
import { renderActionMail, senderName } from './render.js';
import type { Mail } from './types.js';

/** What a mail with a call to action says besides its texts: to whom, the link, the values its texts take. */
export interface LocalizedActionMail {
  to: string;
  /** The recipient's name for the greeting, if known. */
  name?: string | null;
  url: string;
  /** Values put into the texts (`{duration}`, `{email}`, …). */
  values?: Record<string, string | number>;
  /** The From header, whose display name signs the mail. */
  from?: string;
}

/**
 * A call-to-action mail in `locale` from the texts `mail.<kind>.subject | intro | action | <outro…>`
 * (`outro` names the parts after the link, in order). Its link stays alone on a line of its own
 * in every language; in English it is the mail as it always was, byte for byte.
 */
export function localizedActionMail(i18n: Translator, locale: string, kind: string, outro: readonly string[], m: LocalizedActionMail): Mail {
  const say = (part: string) => i18n.text(locale, `mail.${kind}.${part}`, m.values);
  return renderActionMail({
    to: m.to,
    subject: say('subject'),
    name: m.name,
    intro: [say('intro')],
    actionLabel: say('action'),
    url: m.url,
    outro: outro.map(say),
    signature: senderName(m.from) ?? 'Gatehouse',
    lang: locale,
    greeting: m.name ? i18n.text(locale, 'mail.hello', { name: m.name }) : i18n.text(locale, 'mail.helloNoName'),
    buttonFallback: i18n.text(locale, 'mail.buttonFallback'),
  });
}
