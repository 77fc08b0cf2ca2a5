import { describe, expect, it } from 'vitest';
import { DEFAULT_LABELS } from '@mantine/tiptap';
import { RICH_TEXT_LABELS } from './german-labels.ts';

describe('the rich-text toolbar in German', () => {
  it('names every control Mantine knows, none in Mantine’s English', () => {
    expect(Object.keys(RICH_TEXT_LABELS).sort()).toEqual(Object.keys(DEFAULT_LABELS).sort());
    const english = Object.entries(RICH_TEXT_LABELS).filter(([key, label]) => {
      const ours = typeof label === 'function' ? (label as (...a: unknown[]) => string)(3, 2) : label;
      const theirs = (DEFAULT_LABELS as Record<string, unknown>)[key];
      const mantine = typeof theirs === 'function' ? (theirs as (...a: unknown[]) => string)(3, 2) : theirs;
      // 'Code' is German too.
      return ours === mantine && ours !== 'Code';
    });
    expect(english).toEqual([]);
    expect(RICH_TEXT_LABELS.boldControlLabel).toBe('Fett');
    expect(RICH_TEXT_LABELS.bulletListControlLabel).toBe('Aufzählung');
  });
});
