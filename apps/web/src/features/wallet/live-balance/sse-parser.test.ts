import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse-parser';

function parse(chunks: string[]) {
  const events: SseEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  return { events, parser };
}

describe('createSseParser', () => {
  it('reads named events, skips comments and ignores unknown fields', () => {
    const { events } = parse([
      'retry: 3000\n',
      ': ping\n\n',
      'event: balance\ndata: {"balance":"25.00","currency":"USD"}\n\n',
      'foo: bar\ndata: plain\n\n',
    ]);
    expect(events).toEqual([
      { event: 'balance', data: '{"balance":"25.00","currency":"USD"}', id: undefined },
      { event: 'message', data: 'plain', id: undefined },
    ]);
  });

  it('joins an event split anywhere across chunks, one character at a time', () => {
    const text = 'event: balance\ndata: {"balance":"1.50"}\n\nevent: balance\ndata: x\n\n';
    const { events } = parse(text.split(''));
    expect(events.map((e) => e.data)).toEqual(['{"balance":"1.50"}', 'x']);
  });

  it('accepts \\r\\n and \\r line ends, even a \\r\\n split between chunks', () => {
    const { events } = parse(['event: a\r', '\ndata: 1\r', '\n\r', '\nevent: b\rdata: 2\r\r']);
    expect(events.map((e) => `${e.event}=${e.data}`)).toEqual(['a=1', 'b=2']);
  });

  it('joins several data lines with a newline and drops only one leading space', () => {
    const { events } = parse(['data:  two spaces\ndata:none\ndata\n\n']);
    expect(events[0]?.data).toBe(' two spaces\nnone\n');
  });

  it('dispatches nothing for an event without data or without its blank line yet', () => {
    const { events } = parse(['event: balance\n\n', 'event: balance\ndata: pending\n']);
    expect(events).toEqual([]);
  });

  it('keeps the last id and the retry time', () => {
    const { events, parser } = parse(['id: 7\ndata: a\n\n', 'data: b\nretry: 1500\n\nretry: x\n']);
    expect(events.map((e) => e.id)).toEqual(['7', '7']);
    expect(parser.retryMs).toBe(1500);
  });
});
