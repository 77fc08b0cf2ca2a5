import { createTheme, darken, luminance, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { RICH_TEXT_LABELS } from '../ui/german-labels.ts';
import { OAK, PRIMARY_SHADE, STONE } from './brand.ts';

const oak: MantineColorsTuple = OAK;
const stone: MantineColorsTuple = STONE;

export const theme = createTheme({
  primaryColor: 'oak',
  primaryShade: { light: PRIMARY_SHADE, dark: 6 },
  colors: { oak, stone },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Whoever asks their system for less motion gets modals, menus and notifications without their
  // transitions (WCAG 2.3.3); everyone else keeps them.
  respectReducedMotion: true,
  fontFamily:
    'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
  headings: {
    fontFamily:
      'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
    fontWeight: '650',
  },
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'md', padding: 'lg' } },
    Paper: { defaultProps: { radius: 'md' } },
    Table: { defaultProps: { verticalSpacing: 'sm', horizontalSpacing: 'md' } },
    Tooltip: { defaultProps: { openDelay: 300, withArrow: true } },
    // Mantine's close buttons are icons without a name (WCAG 4.1.2).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Schließen' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Schließen' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Schließen' } } },
    Alert: { defaultProps: { closeButtonLabel: 'Schließen' } },
    // Mantine's own names in English, in German (ui/german-labels.ts).
    RichTextEditor: { defaultProps: { labels: RICH_TEXT_LABELS } },
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Passwort anzeigen' } } },
    FileInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Datei entfernen' } } },
  },
});

/** Contrast ratio of two colours (WCAG 2.1). */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** `text`, darkened just enough for 4.5:1 on `background` (WCAG 1.4.3). */
function readableOn(text: string, background: string): string {
  let color = text;
  for (let amount = 0.05; contrast(color, background) < 4.5 && amount < 1; amount += 0.05) color = darken(text, amount);
  return color;
}

/**
 * Text colours with at least 4.5:1 (WCAG 1.4.3; checked by axe in the browser journeys) on white
 * and on the stone-grey cards:
 * secondary text ('dimmed') and placeholders in the warm stone grey instead of Mantine's lighter
 * grey, error text one shade darker; filled and outline colours (white text on them, coloured
 * text on white) and the text of light variants (badges, calendar cells, on shade 1, 2 on hover)
 * darkened where Mantine's shades are too light (green, teal, orange, yellow, …).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const shade = typeof t.primaryShade === 'number' ? t.primaryShade : t.primaryShade.light;
  const colors: Record<string, string> = {};
  // Coloured text stands on white and on the stone-grey cards (stone 0), the darker of the two.
  const surface = t.colors.stone?.[0] ?? t.white;
  for (const [name, shades] of Object.entries(t.colors)) {
    const filled = readableOn(shades[shade], surface);
    if (filled !== shades[shade]) {
      colors[`--mantine-color-${name}-filled`] = filled;
      colors[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.1);
      colors[`--mantine-color-${name}-outline`] = filled;
    }
    const lightColor = readableOn(shades[9], shades[2]);
    if (lightColor !== shades[9]) colors[`--mantine-color-${name}-light-color`] = lightColor;
  }
  return {
    variables: {},
    light: {
      '--mantine-color-dimmed': 'var(--mantine-color-stone-9)',
      '--mantine-color-placeholder': 'var(--mantine-color-stone-8)',
      '--mantine-color-error': 'var(--mantine-color-red-9)',
      ...colors,
    },
    dark: {},
  };
};
