import { describe, expect, it } from 'vitest';
import { ADVERTISING_FILE_MAX_BYTES, ADVERTISING_VIDEO_MAX_BYTES, advertisingExpired, ZAdvertisingFileChoice } from '../src/advertising.ts';
import { MSG } from '../src/messages.ts';

describe('advertisingExpired', () => {
  it('is expired from the day after "gültig bis", valid through that day, never without an end', () => {
    expect(advertisingExpired({ dateTill: '2026-03-31' }, '2026-04-01')).toBe(true);
    expect(advertisingExpired({ dateTill: '2026-03-31' }, '2026-03-31')).toBe(false);
    expect(advertisingExpired({ dateTill: null }, '2099-01-01')).toBe(false);
  });
});

describe('ZAdvertisingFileChoice', () => {
  const problem = (name: string, size: number) => {
    const result = ZAdvertisingFileChoice.safeParse({ name, size });
    return result.success ? null : result.error.issues[0]!.message;
  };
  it('takes pictures and PDFs up to their limit and videos up to theirs', () => {
    expect(problem('Aktion.PDF', ADVERTISING_FILE_MAX_BYTES)).toBeNull();
    expect(problem('Aktion.png', ADVERTISING_FILE_MAX_BYTES + 1)).toBe(MSG.advertisingFileTooLarge);
    expect(problem('Spot.mov', ADVERTISING_FILE_MAX_BYTES + 1)).toBeNull();
    expect(problem('Spot.mp4', ADVERTISING_VIDEO_MAX_BYTES + 1)).toBe(MSG.advertisingFileTooLarge);
    expect(problem('Aktion.docx', 10)).toBe(MSG.advertisingFileType);
  });
});
