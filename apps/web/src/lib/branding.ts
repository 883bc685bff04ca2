/**
 * The service's look as `/providers` announces it (the server config's `branding`): its name, a
 * logo, and an accent colour. What the answer holds is checked again here, so a library caller's
 * unchecked options cannot put a `javascript:` logo or a CSS injection on the page.
 */
export interface Branding {
  name: string;
  /** An https URL or a path on this server; null: the built-in mark. */
  logoUrl: string | null;
  /** `#rrggbb`; null: the stylesheet's own accent. */
  color: string | null;
}

export const DEFAULT_BRANDING: Branding = { name: 'Gatehouse', logoUrl: null, color: null };

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

export function normalizeBranding(answer: unknown): Branding {
  const raw = (answer && typeof answer === 'object' ? answer : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const name = text(raw.name)?.slice(0, 60) ?? DEFAULT_BRANDING.name;
  const logo = text(raw.logoUrl);
  const color = text(raw.color);
  return {
    name,
    logoUrl: logo && (/^\/(?!\/)/.test(logo) || /^https:\/\/\S+$/.test(logo)) ? logo : null,
    color: color && HEX.test(color) ? opaqueHex(color) : null,
  };
}

/** `#abc`, `#abcd`, `#aabbcc`, `#aabbccdd` → `#aabbcc` (a brand colour is shown opaque). */
function opaqueHex(hex: string): string {
  const digits = hex.slice(1).toLowerCase();
  const full = digits.length <= 4 ? [...digits.slice(0, 3)].map((d) => d + d).join('') : digits.slice(0, 6);
  return `#${full}`;
}

type RGB = [number, number, number];

const toRGB = (hex: string): RGB => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as RGB;
const toHex = (rgb: RGB) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2 relative luminance. */
function luminance([r, g, b]: RGB): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2 contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(toRGB(a)), luminance(toRGB(b))].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Mixes `color` towards `toward` in small steps until it reads on `background` (4.5:1, text size). */
function readableOn(color: string, background: string, toward: string): string {
  const from = toRGB(color);
  const to = toRGB(toward);
  for (let step = 0; step <= 20; step++) {
    const mixed = toHex(from.map((c, i) => c + ((to[i] as number) - c) * (step / 20)) as RGB);
    if (contrast(mixed, background) >= 4.5) return mixed;
  }
  return toward;
}

/** The text on an accent-coloured button: white or near-black, whichever reads better. */
function textOn(accent: string): string {
  return contrast('#ffffff', accent) >= contrast('#111318', accent) ? '#ffffff' : '#111318';
}

export interface AccentColors {
  accent: string;
  accentText: string;
}

/**
 * The brand colour as the light and the dark theme's accent. Links are drawn in it, so it is
 * kept as it is when it reads on the theme's surface, else darkened (light) or lightened (dark)
 * just enough; the text on it is whichever of white and near-black contrasts more.
 */
export function accentColors(color: string): { light: AccentColors; dark: AccentColors } {
  const light = readableOn(color, '#ffffff', '#000000');
  const dark = readableOn(color, '#1b1e25', '#ffffff');
  return { light: { accent: light, accentText: textOn(light) }, dark: { accent: dark, accentText: textOn(dark) } };
}

/** The stylesheet that sets the accent for both themes (the surfaces are styles.css's). */
export function accentStyleSheet(color: string): string {
  const { light, dark } = accentColors(color);
  const vars = (c: AccentColors) => `--accent: ${c.accent}; --accent-text: ${c.accentText}; --focus: ${c.accent};`;
  return `:root { ${vars(light)} }\n@media (prefers-color-scheme: dark) { :root { ${vars(dark)} } }\n`;
}
