import { describe, expect, it } from 'vitest';
import { resources } from './resources';

type Tree = { readonly [key: string]: string | Tree };

/** Every leaf of a message tree as `a.b.c` → text. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

/** The `{{name}}` placeholders of a message, sorted. */
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

const english = resources.en;
const others = (Object.keys(resources) as Array<keyof typeof resources>).filter((l) => l !== 'en');

describe('every language has every message', () => {
  for (const language of others) {
    for (const ns of Object.keys(english) as Array<keyof typeof english>) {
      it(`${language}:${ns} has exactly English's keys, each translated with the same placeholders`, () => {
        const want = leaves(english[ns] as Tree);
        const have = leaves(resources[language][ns] as Tree);
        expect(
          [...have.keys()].filter((k) => !want.has(k)),
          'keys English lacks',
        ).toEqual([]);
        expect(
          [...want.keys()].filter((k) => !have.has(k)),
          'missing keys',
        ).toEqual([]);
        for (const [key, text] of want) {
          const translated = have.get(key) ?? '';
          expect(translated.trim(), `${language}:${ns}:${key} is empty`).not.toBe('');
          expect(placeholders(translated), `${language}:${ns}:${key} placeholders`).toEqual(placeholders(text));
        }
      });
    }
  }

  it('English itself has no empty message', () => {
    for (const ns of Object.keys(english) as Array<keyof typeof english>) {
      for (const [key, text] of leaves(english[ns] as Tree)) expect(text.trim(), `${ns}:${key}`).not.toBe('');
    }
  });
});
