import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signaturesEqual } from './constant-time';
import { endorphinaSign, endorphinaSignValid } from './endorphina/signature';
import { gbSignature, gbSignatureValid, gbTimestampFresh } from './gbgames/signature';
import { pragmaticHash, pragmaticHashValid } from './pragmatic/signature';

describe('Endorphina sign', () => {
  it('matches the protocol page example', () => {
    expect(endorphinaSign({ token: 'abc', currency: 'USD', amount: '500' }, 'salt')).toBe(
      '28d0ccb9fff28b4512a893c39167078c2a75e398',
    );
  });

  it('sorts by parameter NAME, not by value (the known bug)', () => {
    const byName = createHash('sha1').update('zzzaaak').digest('hex');
    const byValue = createHash('sha1').update('aaazzzk').digest('hex');
    expect(endorphinaSign({ a: 'zzz', b: 'aaa' }, 'k')).toBe(byName);
    expect(endorphinaSignValid({ a: 'zzz', b: 'aaa', sign: byValue }, 'k')).toBe(false);
    expect(endorphinaSignValid({ a: 'zzz', b: 'aaa', sign: byName }, 'k')).toBe(true);
  });

  it('ignores the sign parameter itself and accepts upper-case hex', () => {
    const sign = endorphinaSign({ token: 't' }, 's');
    expect(endorphinaSignValid({ token: 't', sign: sign.toUpperCase() }, 's')).toBe(true);
  });

  it('refuses everything without a salt, a sign, or with a wrong one', () => {
    const params = { token: 't', sign: endorphinaSign({ token: 't' }, '') };
    expect(endorphinaSignValid(params, '')).toBe(false);
    expect(endorphinaSignValid({ token: 't' }, 's')).toBe(false);
    expect(endorphinaSignValid({ token: 't', sign: 'f'.repeat(40) }, 's')).toBe(false);
    expect(
      endorphinaSignValid({ token: 'u', sign: endorphinaSign({ token: 't' }, 's') }, 's'),
    ).toBe(false);
  });
});

describe('Pragmatic hash', () => {
  it('matches the protocol page example', () => {
    expect(pragmaticHash({ userId: '421', reference: 'ref1', amount: '1.00' }, 'secret')).toBe(
      '64173fb89aa84f528c685fcce2fd6405',
    );
  });

  it('signs raw values (not URL-encoded) and checks in constant time', () => {
    const params = { lobbyUrl: 'https://x.test/a?b=c d', symbol: 'vs10x' };
    const expected = createHash('md5')
      .update('lobbyUrl=https://x.test/a?b=c d&symbol=vs10xkey')
      .digest('hex');
    expect(pragmaticHash(params, 'key')).toBe(expected);
    expect(pragmaticHashValid({ ...params, hash: expected }, 'key')).toBe(true);
    expect(pragmaticHashValid({ ...params, hash: expected }, 'other')).toBe(false);
    expect(pragmaticHashValid({ ...params, hash: expected }, '')).toBe(false);
    expect(pragmaticHashValid(params, 'key')).toBe(false);
  });
});

describe('GB Games signature', () => {
  // docs/protocols/gbgames.md §2 and §5.1, secret "example-secret".
  it('matches the catalog query example', () => {
    const query = 'timestamp=2026-11-22T10%3A15%3A00.000Z';
    expect(gbSignature(query, 'example-secret')).toBe(
      'd0a2f7ad21ed547747d1dd516c9cdbce75157b6677ce19579ac858cf26388ba9',
    );
  });

  it('matches the balance message example, over the exact bytes', () => {
    const body =
      '{"type":"balance","token":"lt_5f1c2a","playerId":"p_1042","gameId":"gb-matryoshka","currency":"USD","timestamp":"2026-11-22T10:15:30.000Z"}';
    const signature = '141057d8b0394719bd55703b14c8eecca6542650427e3e7e08b2c687c2c5dca0';
    expect(gbSignatureValid(body, signature, 'example-secret')).toBe(true);
    // The same JSON with different bytes (re-serialised with spaces) is another message.
    const reformatted = JSON.stringify(JSON.parse(body) as unknown, null, 1);
    expect(gbSignatureValid(reformatted, signature, 'example-secret')).toBe(false);
    expect(gbSignatureValid(body, signature, '')).toBe(false);
    expect(gbSignatureValid(body, undefined, 'example-secret')).toBe(false);
    expect(gbSignatureValid(body, ['a', 'b'], 'example-secret')).toBe(false);
  });

  it('accepts timestamps within five minutes only', () => {
    const now = new Date('2026-11-22T10:15:00.000Z');
    expect(gbTimestampFresh('2026-11-22T10:19:59.000Z', now)).toBe(true);
    expect(gbTimestampFresh('2026-11-22T10:09:59.000Z', now)).toBe(false);
    expect(gbTimestampFresh('yesterday', now)).toBe(false);
    expect(gbTimestampFresh(12, now)).toBe(false);
  });
});

describe('signaturesEqual', () => {
  it('compares hex case-insensitively and any lengths safely', () => {
    expect(signaturesEqual('abc', 'ABC')).toBe(true);
    expect(signaturesEqual('abc', 'abd')).toBe(false);
    expect(signaturesEqual('abc', 'abcd')).toBe(false);
    expect(signaturesEqual('abc', '')).toBe(false);
  });
});
