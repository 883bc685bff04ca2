// The bench's table as a chart (SVG), and its figures as text. Used by bench/run.mjs; on its own,
// node bench/chart.mjs RUN.json [OUT.svg] draws the chart again from a run saved with --json
// (OUT.svg: docs/bench.svg unless given).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '–');

/** A ratio in percent: whole, but to a tenth where the whole figure would be the goal's own (94.7% short of 95% is not "95% ✗"). */
export const percent = (ratio, goal) => `${fmt(ratio * 100, goal != null && Math.round(ratio * 100) === Math.round(goal * 100) ? 1 : 0)}%`;

const escapeXml = (t) => String(t).replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]);

/** How far the chart's scale reaches (150%): a case far past its baseline (the OpenID grants, several times a
 * sizing figure) would otherwise squeeze every other bar and the scale's labels into a corner. */
const SCALE_CAP = 1.5;

/** The table as a bar chart (SVG): each case's ratio to its baseline, its goal marked; a bar past the scale is cut, its figure whole. */
export function chart(rows, caption) {
  const label = 370;
  const width = 1000;
  const barMax = width - label - 130;
  const rowH = 26;
  const top = 48;
  const shaky = rows.some((r) => r.unsteady);
  const height = top + rows.length * rowH + (shaky ? 56 : 40);
  const scale = Math.min(SCALE_CAP, Math.max(1, ...rows.map((r) => (Number.isFinite(r.ratio) ? r.ratio : 0))));
  const x = (ratio) => label + (Math.min(Math.max(0, ratio), scale) / scale) * barMax;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="13">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="12" y="20" font-size="15" font-weight="600">Gatehouse beside its baseline (plain node:http, or the scrypt bound)</text>`,
    `<text x="12" y="38" fill="#555" font-size="11">${escapeXml(caption)}</text>`,
  ];
  for (let quarter = 1; quarter / 4 <= scale; quarter++) {
    const pct = quarter / 4;
    parts.push(`<line x1="${x(pct)}" x2="${x(pct)}" y1="${top - 4}" y2="${top + rows.length * rowH}" stroke="#e3e3e3"/>`);
    parts.push(`<text x="${x(pct)}" y="${top + rows.length * rowH + 16}" fill="#777" font-size="11" text-anchor="middle">${Math.round(pct * 100)}%</text>`);
  }
  rows.forEach((r, i) => {
    const y = top + i * rowH;
    // A case with an absolute target (the OpenID provider's grants/s and p99) says itself whether it met it.
    const met = r.met ?? (r.goal === null || r.ratio >= r.goal);
    parts.push(`<text x="${label - 8}" y="${y + 16}" text-anchor="end">${escapeXml(r.case)}</text>`);
    parts.push(`<rect x="${label}" y="${y + 4}" width="${x(r.ratio) - label}" height="${rowH - 10}" rx="3" fill="${met ? '#2f7d4f' : '#c2552d'}"/>`);
    // Cut where it leaves the scale: two white strokes across the bar's end.
    if (r.ratio > scale) for (const dx of [16, 10]) parts.push(`<line x1="${x(r.ratio) - dx}" x2="${x(r.ratio) - dx + 5}" y1="${y + rowH - 5}" y2="${y + 3}" stroke="#fff" stroke-width="2"/>`);
    if (r.goal !== null) parts.push(`<line x1="${x(r.goal)}" x2="${x(r.goal)}" y1="${y + 1}" y2="${y + rowH - 3}" stroke="#111" stroke-width="2"><title>goal ${Math.round(r.goal * 100)}%</title></line>`);
    // After the bar, or after the goal's mark where the bar ends just short of it or just past it.
    const after = Math.max(x(r.ratio), r.goal === null ? 0 : x(r.goal) + 1);
    // An unsteady case (slices of one server far apart: the machine's speed moved) says so beside its figure.
    const note = r.unsteady ? `<tspan fill="#8a6d1f" font-size="11"> unsteady</tspan>` : '';
    parts.push(`<text x="${after + 6}" y="${y + 16}" fill="#333">${percent(r.ratio, r.goal)}${note}</text>`);
  });
  parts.push(`<text x="12" y="${height - (shaky ? 24 : 8)}" fill="#555" font-size="11">Bars: Gatehouse's rate as a share of the baseline's in the same run (cut at ${Math.round(scale * 100)}%). Black marks: the goals. Green: goal met.</text>`);
  if (shaky) parts.push(`<text x="12" y="${height - 8}" fill="#555" font-size="11">Unsteady: two slices of one server (or of a bound) differ by over 15%, so the machine's speed moved during the case.</text>`);
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [from, to = join(dirname(fileURLToPath(import.meta.url)), '../docs/bench.svg')] = process.argv.slice(2);
  if (!from) {
    console.error('usage: node bench/chart.mjs RUN.json [OUT.svg]');
    process.exit(2);
  }
  const run = JSON.parse(readFileSync(from, 'utf8'));
  writeFileSync(to, chart(run.results, run.caption ?? `Measured on ${run.machine}.`));
  console.error(`bench: chart written to ${to}`);
}
