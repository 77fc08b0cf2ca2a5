import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Warm oak brown: the company's floors, calm enough for a working tool. */
const oak: MantineColorsTuple = [
  '#fbf6ef',
  '#f2e8da',
  '#e5cfb2',
  '#d8b486',
  '#cc9c60',
  '#c48d48',
  '#bf853b',
  '#a8722e',
  '#8a5a24',
  '#74491b',
];

/** Muted stone grey with a warm cast, for backgrounds and secondary text. */
const stone: MantineColorsTuple = [
  '#f7f6f4',
  '#ecebe7',
  '#d8d5cf',
  '#c2beb5',
  '#aea99e',
  '#a29c90',
  '#9b9588',
  '#868075',
  '#787267',
  '#696257',
];

export const theme = createTheme({
  primaryColor: 'oak',
  primaryShade: { light: 8, dark: 6 },
  colors: { oak, stone },
  defaultRadius: 'md',
  cursorType: 'pointer',
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
  },
});
