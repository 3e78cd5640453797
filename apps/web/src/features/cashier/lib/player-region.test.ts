import { describe, expect, it } from 'vitest';
import { playerRegion } from './player-region';

describe("the player's country for the phone input", () => {
  it('is the region of the first preferred language that names one', () => {
    expect(playerRegion(['ru-RU', 'en-US'])).toBe('RU');
    expect(playerRegion(['ru', 'en-GB'])).toBe('GB');
    expect(playerRegion(['sr-Latn-RS'])).toBe('RS');
    expect(playerRegion(['kk-kz'])).toBe('KZ');
  });

  it('is unknown when no language names a region', () => {
    expect(playerRegion(['ru', 'en'])).toBeUndefined();
    expect(playerRegion([])).toBeUndefined();
    expect(playerRegion(['es-419'])).toBeUndefined();
  });
});
