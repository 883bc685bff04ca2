import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtinPlugins, EVERYTHING_ON } from '../plugins/index.js';
import { LOCKOUT_MESSAGES } from '../security/lockout-translations.js';
import { CORE_MESSAGES } from './core-messages.js';
import { TRANSLATED_LOCALES, type MessageSource } from './types.js';

// Every built-in capability switched on (their manifests' `everythingOn`), so that each catalogue is seen.
const everyPlugin = builtinPlugins(EVERYTHING_ON);

/** What a source leaves untranslated: `locale: KEY` for each key of its English without a translation. */
function missing(source: MessageSource): string[] {
  const keys = [...Object.keys(source.errors ?? {}), ...Object.keys(source.texts ?? {})];
  return TRANSLATED_LOCALES.flatMap((locale) => keys.filter((k) => !source.translations[locale]?.[k]?.trim()).map((k) => `${locale}: ${k}`));
}

describe('every code and text is translated into de, fr and es', () => {
  it('the core catalogue and texts, and the lockout refusal', () => {
    expect(missing(CORE_MESSAGES)).toEqual([]);
    expect(missing(LOCKOUT_MESSAGES)).toEqual([]);
  });

  it.each(everyPlugin.filter((p) => p.errors || p.messages).map((p) => [p.id, p] as const))("plugin %s's catalogue and mail texts", (_id, plugin) => {
    expect(plugin.messages, 'a catalogue without translations (messages: defineTranslations(…) in its translations.ts)').toBeDefined();
    expect(plugin.messages!.errors).toBe(plugin.errors);
    expect(missing(plugin.messages!)).toEqual([]);
  });

  it('each plugin folder with an errors.ts is among the plugins checked', () => {
    const folder = fileURLToPath(new URL('../plugins/', import.meta.url));
    const withCatalogue = readdirSync(folder, { withFileTypes: true })
      .filter((d) => d.isDirectory() && readdirSync(`${folder}/${d.name}`).includes('errors.ts'))
      .map((d) => d.name);
    const checked = new Set(everyPlugin.filter((p) => p.errors).map((p) => p.id));
    expect(withCatalogue.length).toBeGreaterThan(10);
    expect(withCatalogue.filter((name) => !checked.has(name) && !checked.has(camel(name)))).toEqual([]);
  });

  it('keeps the placeholders of the English in every translation', () => {
    const sources = [CORE_MESSAGES, ...everyPlugin.flatMap((p) => (p.messages ? [p.messages] : []))];
    const problems: string[] = [];
    for (const source of sources) {
      for (const [key, english] of Object.entries({ ...source.errors, ...source.texts })) {
        const wanted = placeholders(english);
        for (const locale of TRANSLATED_LOCALES) {
          const text = source.translations[locale]?.[key] ?? '';
          if (placeholders(text) !== wanted) problems.push(`${locale}: ${key}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

const camel = (s: string) => s.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
const placeholders = (s: string) =>
  [...s.matchAll(/\{(\w+)\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');
