import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { reusingSerializerCompiler, shareAnswer } from './shared-answers';

const schema = z.object({ data: z.object({ n: z.number() }), message: z.string().optional() });
const serializerFor = () =>
  reusingSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('reusingSerializerCompiler', () => {
  it('reuses the JSON of a shared answer, and serializes anything else each time', () => {
    const serialize = serializerFor();
    const sharedBoard = shareAnswer({ n: 1 });
    expect(serialize({ data: sharedBoard })).toBe('{"data":{"n":1}}');
    // Proof that the text is reused: a shared answer is never changed in the product; here it is.
    sharedBoard.n = 2;
    expect(serialize({ data: sharedBoard })).toBe('{"data":{"n":1}}');
    // A fresh object (what a write leaves in the cache) is serialized anew.
    expect(serialize({ data: shareAnswer({ n: 3 }) })).toBe('{"data":{"n":3}}');

    const plain = { n: 1 };
    expect(serialize({ data: plain })).toBe('{"data":{"n":1}}');
    plain.n = 2;
    expect(serialize({ data: plain })).toBe('{"data":{"n":2}}');
    // An envelope with more than the data is never reused.
    expect(serialize({ data: sharedBoard, message: '됨' })).toBe('{"data":{"n":2},"message":"됨"}');
  });

  it('still checks answers against the contract', () => {
    const serialize = serializerFor();
    expect(() => serialize({ data: shareAnswer({ n: 'not a number' }) })).toThrow();
  });
});
