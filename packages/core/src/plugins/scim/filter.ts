import { type Filter, parse } from 'scim2-parse-filter';
import type { Where } from '../../kit.js';
import { ScimError } from './errors.js';

const invalidFilter = (detail: string) => new ScimError(400, detail, 'invalidFilter');

/** How an attribute of a filter becomes a condition on the link table (`value` as the filter gives it). */
export type FilterColumns = Record<string, (value: string) => Where>;

/** A filter's `eq` terms, `attr eq "v"` joined by `and` (CONTRACT.md); anything else is refused. */
function terms(f: Filter, out: { attr: string; value: string }[], emailType: { type?: string }): void {
  if (f.op === 'and') {
    for (const g of f.filters) terms(g, out, emailType);
    return;
  }
  // `emails[type eq "work"].value eq "x"` parses as `emails[type eq "work"] and emails.value eq "x"`.
  if (f.op === '[]') {
    const inner = f.valFilter;
    if (f.attrPath.toLowerCase() === 'emails' && inner.op === 'eq' && inner.attrPath.toLowerCase() === 'type' && typeof inner.compValue === 'string') {
      emailType.type = inner.compValue;
      return;
    }
    throw invalidFilter(`Unsupported filter on ${f.attrPath}`);
  }
  if (f.op !== 'eq') throw invalidFilter(`Unsupported filter operator "${f.op}": only eq, joined by and`);
  if (typeof f.compValue !== 'string') throw invalidFilter(`Filter value of ${f.attrPath} must be a string`);
  out.push({ attr: f.attrPath, value: f.compValue });
}

/** The core schema's URN before an attribute is allowed (`urn:…:core:2.0:User:userName`). */
const stripUrn = (attr: string) => attr.replace(/^urn:ietf:params:scim:schemas:core:2\.0:(User|Group):/i, '');

/**
 * A SCIM filter compiled to `where` conditions on a table: each `attr eq "v"` through `columns`
 * (matched case-insensitively by attribute name), `emails[type eq "t"].value eq "v"` to the email
 * key of that type. Malformed, another operator or an unknown attribute → 400 invalidFilter.
 */
export function compileFilter(text: string, columns: FilterColumns, typedEmail?: (type: string, value: string) => Where): Where[] {
  let ast: Filter;
  try {
    ast = parse(text);
  } catch {
    throw invalidFilter('The filter is malformed');
  }
  const found: { attr: string; value: string }[] = [];
  const emailType: { type?: string } = {};
  terms(ast, found, emailType);
  const byName = new Map(Object.entries(columns).map(([k, v]) => [k.toLowerCase(), v]));
  const where: Where[] = [];
  for (const { attr, value } of found) {
    const name = stripUrn(attr).toLowerCase();
    if (emailType.type !== undefined && name === 'emails.value' && typedEmail) {
      where.push(typedEmail(emailType.type, value));
      emailType.type = undefined;
      continue;
    }
    const column = byName.get(name);
    if (!column) throw invalidFilter(`Filtering on ${attr} is not supported`);
    where.push(column(value));
  }
  if (emailType.type !== undefined) throw invalidFilter('emails[type eq …] needs .value eq');
  return where;
}
