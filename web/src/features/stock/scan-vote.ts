/**
 * Voting over the codes a camera scan decodes, frame by frame: a single frame can be misread, so
 * a code counts only once more than SCAN_SAMPLES_NEEDED samples have been read, and then the most
 * frequent one wins (spec: "a code is accepted once more than 30 samples have been read, the most
 * frequent one taken").
 */

/** Samples to read before a code is accepted: it is accepted with the next one (the 31st). */
export const SCAN_SAMPLES_NEEDED = 30;

/** The sample with which a code is accepted. */
export const SCAN_SAMPLES_TO_ACCEPT = SCAN_SAMPLES_NEEDED + 1;

export interface ScanProgress {
  /** Samples read in the current scan (0 … SCAN_SAMPLES_TO_ACCEPT − 1 while it runs). */
  samples: number;
  /** The most frequent value so far (ties: the one that reached that count first); null before the first sample. */
  leader: string | null;
}

export class ScanVote {
  private readonly counts = new Map<string, number>();
  private total = 0;
  private best: string | null = null;
  private bestCount = 0;

  constructor(private readonly needed: number = SCAN_SAMPLES_NEEDED) {}

  /**
   * Adds one decoded value (empty and blank values are ignored). Returns the accepted code when
   * this sample completed the scan – and starts the next scan – otherwise null.
   */
  add(value: string): string | null {
    const code = value.trim();
    if (!code) return null;
    const count = (this.counts.get(code) ?? 0) + 1;
    this.counts.set(code, count);
    this.total += 1;
    // Strictly more: on a tie the value that reached the count first stays ahead.
    if (count > this.bestCount) {
      this.best = code;
      this.bestCount = count;
    }
    if (this.total <= this.needed) return null;
    const accepted = this.best;
    this.reset();
    return accepted;
  }

  /** Adds every value of one frame; returns the code accepted on the way, if any. */
  addAll(values: Iterable<string>): string | null {
    let accepted: string | null = null;
    for (const v of values) accepted = this.add(v) ?? accepted;
    return accepted;
  }

  get progress(): ScanProgress {
    return { samples: this.total, leader: this.best };
  }

  /** Forgets the current scan: the next sample starts a new one. */
  reset(): void {
    this.counts.clear();
    this.total = 0;
    this.best = null;
    this.bestCount = 0;
  }
}
