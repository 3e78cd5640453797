import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { frozenAnswerSerializerCompiler } from './serializer';

const schema = z.object({ name: z.string(), total: z.number() });
const compile = () =>
  frozenAnswerSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('the answer serializer', () => {
  it('checks and stringifies a frozen answer once, then reuses its JSON', () => {
    const serialize = compile();
    let reads = 0;
    const page = Object.freeze({
      get name() {
        reads++;
        return 'a';
      },
      total: 1,
    });
    const first = serialize(page);
    expect(first).toBe('{"name":"a","total":1}');
    const readsForOne = reads;
    expect(readsForOne).toBeGreaterThan(0);
    expect(serialize(page)).toBe(first);
    expect(reads).toBe(readsForOne);
  });

  it('serializes an unfrozen answer every time (it may have changed)', () => {
    const serialize = compile();
    const page = { name: 'a', total: 1 };
    expect(serialize(page)).toBe('{"name":"a","total":1}');
    page.total = 2;
    expect(serialize(page)).toBe('{"name":"a","total":2}');
  });

  it('still refuses an answer that breaks the contract', () => {
    const serialize = compile();
    expect(() => serialize(Object.freeze({ name: 3, total: 1 }))).toThrow();
    expect(() => serialize({ name: 'a' })).toThrow();
  });
});
