import './zod-jitless.ts';
import { describe, expect, it } from 'vitest';
import { config } from 'zod/v4/core';
import { z } from 'zod';

describe('zod without eval', () => {
  it('takes the setting made before it loads', () => {
    expect(config().jitless).toBe(true);
    expect(z.config().jitless).toBe(true);
  });
});
