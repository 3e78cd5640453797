import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gbSignature } from '../src/gbgames/signature';

const doc = readFileSync(new URL('../../../docs/protocols/gbgames.md', import.meta.url), 'utf8');

/** Each example in docs/protocols/gbgames.md: the exact signed bytes and the signature shown. */
const EXAMPLES: [string, string][] = [
  [
    'timestamp=2026-11-22T10%3A15%3A00.000Z',
    'd0a2f7ad21ed547747d1dd516c9cdbce75157b6677ce19579ac858cf26388ba9',
  ],
  [
    '{"token":"lt_5f1c2a","playerId":"p_1042","gameId":"gb-matryoshka","currency":"USD","language":"ru","mode":"real","returnUrl":"https://casino.example/gbgames","timestamp":"2026-11-22T10:15:00.000Z"}',
    'c0514f6556ea184bd43eb3e1b9a4cf3792f210bc8ffe01486d13ef32d4ff18ce',
  ],
  [
    '{"type":"balance","token":"lt_5f1c2a","playerId":"p_1042","gameId":"gb-matryoshka","currency":"USD","timestamp":"2026-11-22T10:15:30.000Z"}',
    '141057d8b0394719bd55703b14c8eecca6542650427e3e7e08b2c687c2c5dca0',
  ],
  [
    '{"type":"bet","transactionId":"7d2c0e5b9a31f4c8e6a1b2d3","roundId":"483920175533019","token":"lt_5f1c2a","playerId":"p_1042","gameId":"gb-matryoshka","currency":"USD","amount":"1.00","timestamp":"2026-11-22T10:15:31.000Z"}',
    '1c84fbecc7de60ed215d8054fa72c6d2e24507655862738838d6e74bfe12e0c5',
  ],
  [
    '{"type":"result","transactionId":"a94f1e0c2b7d8e3f5a6c7b8d","betTransactionId":"7d2c0e5b9a31f4c8e6a1b2d3","roundId":"483920175533019","token":"lt_5f1c2a","playerId":"p_1042","gameId":"gb-matryoshka","currency":"USD","amount":"2.50","timestamp":"2026-11-22T10:15:31.400Z"}',
    '35465916095cae447bef9f7a9b9d821dbc925b1534ea9ba7885176943f171fa8',
  ],
  [
    '{"type":"refund","transactionId":"c1d2e3f4a5b6c7d8e9f0a1b2","betTransactionId":"7d2c0e5b9a31f4c8e6a1b2d3","roundId":"483920175533019","token":"lt_5f1c2a","playerId":"p_1042","gameId":"gb-matryoshka","currency":"USD","amount":"1.00","timestamp":"2026-11-22T10:15:45.000Z"}',
    'fc2c5ee081e5e2b51cbfaad003fd14434054218cdd4d844f827d63ff8975fedb',
  ],
];

describe('docs/protocols/gbgames.md examples', () => {
  it.each(EXAMPLES)('shows %s with its real signature', (signed, signature) => {
    expect(gbSignature(signed, 'example-secret')).toBe(signature);
    expect(doc).toContain(signed);
    expect(doc).toContain(signature);
  });
});
