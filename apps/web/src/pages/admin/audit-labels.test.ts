import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resources } from '../../i18n/resources';

const CORE = join(import.meta.dirname, '../../../../../packages/core/src');

/** Every audit-events.ts under the core, and security/audit.ts where the core's own types are. */
function declarations(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return declarations(path);
    return name === 'audit-events.ts' || path.endsWith(join('security', 'audit.ts')) ? [path] : [];
  });
}

/** The event types declared in `interface AuditEventTypes { 'x.y': true; … }` blocks. */
function declaredTypes(): string[] {
  const types = new Set<string>();
  for (const file of declarations(CORE)) {
    // Comments aside: a doc comment may show the declaration's shape with an example type.
    const code = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\/\/.*$/gm, '');
    for (const block of code.matchAll(/interface AuditEventTypes \{([\s\S]*?)\n\s*\}/g)) {
      for (const m of block[1]!.matchAll(/'([a-z0-9.-]+)': true/g)) types.add(m[1]!);
    }
  }
  return [...types].sort();
}

describe('the audit trail names every event type', () => {
  const types = declaredTypes();

  it('reads the declarations (core and plugins)', () => {
    expect(types).toEqual(expect.arrayContaining(['sign-in.success', 'api-key.create', 'oauth.consent', 'scim.user.created', 'webhook.delete']));
  });

  for (const language of Object.keys(resources) as Array<keyof typeof resources>) {
    it(`${language}: a label for every declared type, starting with a capital letter`, () => {
      const labels = resources[language].admin.audit.event as Readonly<Record<string, string>>;
      // AuditPage's EventName looks a type up with its dots as underscores (i18next splits keys at dots).
      const missing = types.filter((type) => !labels[type.replaceAll('.', '_')]?.trim());
      expect(missing).toEqual([]);
      for (const type of types) expect(labels[type.replaceAll('.', '_')], type).toMatch(/^\p{Lu}/u);
    });
  }

  it('English says the examples of the review in words', () => {
    const labels = resources.en.admin.audit.event as Readonly<Record<string, string>>;
    expect(labels['api-key_create']).toBe('API key created');
    expect(labels.oauth_consent).toBe('App access granted');
  });
});
