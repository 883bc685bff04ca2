import { describe, expect, it } from 'vitest';
import { accentColors, accentStyleSheet, contrast, DEFAULT_BRANDING, normalizeBranding } from './branding';

describe('branding from /providers', () => {
  it('keeps a name, an https or same-server logo and a hex colour; defaults the rest', () => {
    expect(normalizeBranding(undefined)).toEqual(DEFAULT_BRANDING);
    expect(normalizeBranding({})).toEqual({ name: 'Gatehouse', logoUrl: null, color: null });
    expect(normalizeBranding({ name: ' Acme ID ', logoUrl: 'https://cdn.example.com/a.svg', color: '#0F766E' })).toEqual({
      name: 'Acme ID',
      logoUrl: 'https://cdn.example.com/a.svg',
      color: '#0f766e',
    });
    expect(normalizeBranding({ logoUrl: '/logo.png', color: '#f80' })).toMatchObject({ logoUrl: '/logo.png', color: '#ff8800' });
    expect(normalizeBranding({ color: '#11223380' }).color).toBe('#112233');
  });

  it('drops a logo that is not https or a path, and a colour that is not hex (no injection)', () => {
    for (const logoUrl of ['javascript:alert(1)', 'http://example.com/a.svg', '//evil.example/a.svg', 'data:image/svg+xml,<svg/>']) {
      expect(normalizeBranding({ logoUrl }).logoUrl).toBeNull();
    }
    for (const color of ['red', '#12345', '#fff; } body { display: none', 'rgb(0,0,0)']) {
      expect(normalizeBranding({ color }).color).toBeNull();
    }
  });
});

describe('accent colours', () => {
  it('keeps a colour that reads on both themes, with text that reads on it', () => {
    const { light, dark } = accentColors('#2251d1');
    expect(light.accent).toBe('#2251d1');
    expect(light.accentText).toBe('#ffffff');
    expect(contrast(dark.accent, '#1b1e25')).toBeGreaterThanOrEqual(4.5);
  });

  it('darkens a pale colour for the light theme, lightens a dark one for the dark theme, text always readable', () => {
    for (const color of ['#ffd400', '#1e3a8a', '#000000', '#ffffff', '#0f766e', '#e11d48']) {
      const { light, dark } = accentColors(color);
      expect(contrast(light.accent, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(dark.accent, '#1b1e25')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(light.accentText, light.accent)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(dark.accentText, dark.accent)).toBeGreaterThanOrEqual(4.5);
    }
    expect(accentColors('#ffd400').light.accent).not.toBe('#ffd400');
    expect(accentColors('#ffd400').dark.accent).toBe('#ffd400');
  });

  it('writes both themes as CSS variables', () => {
    const css = accentStyleSheet('#0f766e');
    expect(css).toMatch(/^:root \{ --accent: #[0-9a-f]{6}; --accent-text: #[0-9a-f]{6}; --focus: #[0-9a-f]{6}; \}/);
    expect(css).toContain('@media (prefers-color-scheme: dark)');
  });
});
