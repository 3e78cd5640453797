import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('turns off zod’s compiled parsers without importing zod', async () => {
    await import('./zod-jitless');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
