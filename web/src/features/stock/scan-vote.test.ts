import { describe, expect, it } from 'vitest';
import { SCAN_SAMPLES_NEEDED, SCAN_SAMPLES_TO_ACCEPT, ScanVote } from './scan-vote.ts';

/** Adds the values in order; the codes accepted on the way. */
const feed = (vote: ScanVote, values: string[]) => values.map((v) => vote.add(v)).filter((c): c is string => c !== null);

const times = (value: string, n: number) => Array.from({ length: n }, () => value);

describe('ScanVote', () => {
  it('needs more than 30 samples: accepts with the 31st', () => {
    expect(SCAN_SAMPLES_NEEDED).toBe(30);
    expect(SCAN_SAMPLES_TO_ACCEPT).toBe(31);
    const vote = new ScanVote();
    for (let i = 1; i <= 30; i++) {
      expect(vote.add('4006381333931')).toBeNull();
      expect(vote.progress.samples).toBe(i);
    }
    expect(vote.add('4006381333931')).toBe('4006381333931');
  });

  it('takes the most frequent value, not the last one', () => {
    const vote = new ScanVote();
    const values = [...times('4006381333931', 20), ...times('4006381333932', 10), '4006381333933'];
    expect(feed(vote, values)).toEqual(['4006381333931']);
  });

  it('takes the most frequent value even when it was read late', () => {
    const vote = new ScanVote();
    expect(feed(vote, [...times('A', 10), ...times('B', 21)])).toEqual(['B']);
  });

  it('on a tie takes the value that reached the top count first', () => {
    const vote = new ScanVote();
    // A reaches 15 at sample 29, B only at sample 30; C is the 31st.
    const values = [...times('B', 14), ...times('A', 15), 'B', 'C'];
    expect(values).toHaveLength(31);
    expect(feed(vote, values)).toEqual(['A']);
    expect(feed(vote, [...times('A', 15), ...times('B', 15), 'C'])).toEqual(['A']);
  });

  it('ignores empty and blank values', () => {
    const vote = new ScanVote();
    expect(vote.add('')).toBeNull();
    expect(vote.add('   ')).toBeNull();
    expect(vote.progress).toEqual({ samples: 0, leader: null });
    expect(feed(vote, [...times('', 40), ...times('12345670', 30)])).toEqual([]);
    expect(vote.add('12345670')).toBe('12345670');
  });

  it('reports the progress of the running scan', () => {
    const vote = new ScanVote();
    feed(vote, ['A', 'B', 'B']);
    expect(vote.progress).toEqual({ samples: 3, leader: 'B' });
  });

  it('starts the next scan after accepting a code', () => {
    const vote = new ScanVote();
    expect(feed(vote, times('A', 31))).toEqual(['A']);
    expect(vote.progress).toEqual({ samples: 0, leader: null });
    // The first scan's samples do not count for the second.
    expect(feed(vote, times('B', 30))).toEqual([]);
    expect(vote.add('A')).toBe('B');
  });

  it('reset forgets the samples read so far', () => {
    const vote = new ScanVote();
    feed(vote, times('A', 30));
    vote.reset();
    expect(vote.progress).toEqual({ samples: 0, leader: null });
    expect(feed(vote, times('B', 31))).toEqual(['B']);
  });

  it('addAll feeds every value of one frame', () => {
    const vote = new ScanVote();
    expect(vote.addAll(times('A', 30))).toBeNull();
    expect(vote.addAll(['', 'A'])).toBe('A');
  });

  it('takes another number of samples when asked', () => {
    const vote = new ScanVote(2);
    expect(feed(vote, ['A', 'A', 'A'])).toEqual(['A']);
  });
});
