import { serializerCompiler } from 'fastify-type-provider-zod';

/**
 * Answers read from a per-instance read model (the kanban board, platform/access-cache.ts) are
 * the same object for every caller until the next change replaces it. Checking such an answer
 * against its contract and turning it into JSON is then the same work every time (for a board of
 * 100 tasks, most of the CPU of a GET): it is done once per object and per route, and the text
 * reused. Only objects marked with `shareAnswer` are remembered, and only in an envelope that
 * holds nothing else (`{ data }`); everything else is serialized as before.
 */
const shared = new WeakSet<object>();

/** Marks an answer that is never changed after this call: its JSON may be reused. */
export function shareAnswer<T extends object>(value: T): T {
  shared.add(value);
  return value;
}

function sharedData(payload: unknown): object | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const keys = Object.keys(payload);
  if (keys.length !== 1 || keys[0] !== 'data') return undefined;
  const data = (payload as { data: unknown }).data;
  return typeof data === 'object' && data !== null && shared.has(data) ? data : undefined;
}

/** fastify-type-provider-zod's serializer (contract check, then JSON), reusing shared answers. */
export const reusingSerializerCompiler: typeof serializerCompiler = (route) => {
  const serialize = serializerCompiler(route);
  const texts = new WeakMap<object, string>();
  return (payload: unknown) => {
    const data = sharedData(payload);
    if (!data) return serialize(payload);
    let text = texts.get(data);
    if (text === undefined) {
      text = serialize(payload);
      texts.set(data, text);
    }
    return text;
  };
};
