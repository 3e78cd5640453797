import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestIdFor } from './request-id';

const withHeader = (value: string | string[] | undefined) =>
  ({ headers: { 'x-request-id': value } }) as unknown as IncomingMessage;

describe('requestIdFor', () => {
  it('keeps a short safe token', () => {
    expect(requestIdFor(withHeader('lb-1234.abc_def:9'))).toBe('lb-1234.abc_def:9');
  });

  it.each([undefined, '', 'has space', 'a'.repeat(65), 'new\nline', '"quoted"', ['a', 'b']])(
    'replaces %j with a fresh UUID',
    (value) => {
      expect(requestIdFor(withHeader(value))).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    },
  );
});
