import { describe, expect, it } from 'vitest';
import { limits, defaultLanguage } from './limits';

describe('shared limits', () => {
  it('keeps the spec constants', () => {
    expect(limits.gamePageSize).toBe(20);
    expect(limits.avatarMaxBytes).toBe(1_048_576);
    expect(defaultLanguage).toBe('ru');
  });
});
