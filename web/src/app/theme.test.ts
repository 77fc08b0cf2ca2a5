import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { STONE } from './brand.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/** WCAG 2.1 relative luminance and contrast, written out here as the independent check. */
const channel = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
function relativeLuminance(color: string): number {
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(color);
  const [r, g, b] = rgb ? rgb.slice(1, 4).map(Number) : [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16));
  return 0.2126 * channel(r! / 255) + 0.7152 * channel(g! / 255) + 0.0722 * channel(b! / 255);
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('text colours of the theme', () => {
  const full = mergeMantineTheme(DEFAULT_THEME, theme);
  const light = cssVariablesResolver(full).light;
  const shade = typeof full.primaryShade === 'number' ? full.primaryShade : full.primaryShade.light;

  it('reads every colour as text (c="orange", a deadline due today) with 4.5:1 on white and on the stone-grey cards', () => {
    for (const [name, shades] of Object.entries(full.colors)) {
      const text = light[`--mantine-color-${name}-filled`] ?? shades[shade];
      for (const surface of ['#ffffff', STONE[0]]) expect(contrast(text, surface), `${name} auf ${surface}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
