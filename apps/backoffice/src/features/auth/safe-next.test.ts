import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next';

describe('safeNext', () => {
  it('returns to a screen of this app', () => {
    expect(safeNext('/players/42?tab=ledger')).toBe('/players/42?tab=ledger');
  });

  it('never leaves the app, whatever the link says', () => {
    for (const next of [
      '//evil.example',
      'https://evil.example',
      '/\\evil.example',
      'javascript:x',
    ]) {
      expect(safeNext(next)).toBe('/');
    }
    expect(safeNext(null)).toBe('/');
  });

  it('does not loop back to the login or set-up page', () => {
    expect(safeNext('/login?next=/x')).toBe('/');
    expect(safeNext('/setup')).toBe('/');
  });
});
