/**
 * The machinery of the API fuzz test (api-fuzz.integration.test.ts): reads the served OpenAPI
 * document, turns each operation's documented parameters and body into fast-check generators of
 * valid requests and of hostile ones, sends them, and judges every answer against the rules of
 * the API (no 5xx, 4xx as problem+json with a code, 2xx as documented).
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app';

// --- the OpenAPI document ----------------------------------------------------------------------

export type Schema = { [key: string]: unknown };
type OpenApiParameter = { in: string; name: string; required?: boolean; schema?: Schema };
type OpenApiOperation = {
  summary?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
  security?: unknown[];
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, Schema> };
};

export type Param = { name: string; required: boolean; schema: Schema };
export type Operation = {
  /** `METHOD /path/{param}` as written in the document. */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  summary: string;
  secured: boolean;
  pathParams: Param[];
  queryParams: Param[];
  /** The documented JSON body, normalised to plain JSON Schema. */
  body: { schema: Schema; required: boolean } | undefined;
  /** Documented responses by status: the JSON schema, or null when no body is documented. */
  responses: Map<string, Schema | null>;
};

const isRecord = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * OpenAPI 3.0 schema → JSON Schema (draft-07) as ajv and the generators read it: `nullable`
 * becomes a `null` alternative, boolean `exclusiveMinimum`/`exclusiveMaximum` become numbers,
 * and `$ref`s to components are inlined.
 */
export function normaliseSchema(schema: unknown, document: OpenApiDocument, depth = 0): Schema {
  if (!isRecord(schema)) return {};
  if (depth > 40) throw new Error('schema nested too deeply (a $ref cycle?)');
  if (typeof schema.$ref === 'string') {
    const name = /^#\/components\/schemas\/(.+)$/.exec(schema.$ref)?.[1];
    const target = name ? document.components?.schemas?.[name] : undefined;
    if (!target) throw new Error(`unresolvable $ref ${schema.$ref}`);
    return normaliseSchema(target, document, depth + 1);
  }
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'nullable' || key === 'example' || key === 'xml' || key === 'discriminator') {
      continue;
    }
    if (key === 'properties' && isRecord(value)) {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [
          name,
          normaliseSchema(sub, document, depth + 1),
        ]),
      );
    } else if (
      (key === 'items' || key === 'additionalProperties' || key === 'not') &&
      isRecord(value)
    ) {
      out[key] = normaliseSchema(value, document, depth + 1);
    } else if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf') && Array.isArray(value)) {
      out[key] = value.map((sub) => normaliseSchema(sub, document, depth + 1));
    } else {
      out[key] = value;
    }
  }
  if (schema.exclusiveMinimum === true && typeof schema.minimum === 'number') {
    out.exclusiveMinimum = schema.minimum;
    delete out.minimum;
  } else if (typeof schema.exclusiveMinimum === 'boolean') {
    delete out.exclusiveMinimum;
  }
  if (schema.exclusiveMaximum === true && typeof schema.maximum === 'number') {
    out.exclusiveMaximum = schema.maximum;
    delete out.maximum;
  } else if (typeof schema.exclusiveMaximum === 'boolean') {
    delete out.exclusiveMaximum;
  }
  if (schema.nullable === true) return { anyOf: [{ type: 'null' }, out] };
  return out;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of the document, in document order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = operation.parameters ?? [];
      const param = (p: OpenApiParameter): Param => ({
        name: p.name,
        required: p.required === true || p.in === 'path',
        schema: normaliseSchema(p.schema, document),
      });
      const jsonBody = operation.requestBody?.content?.['application/json']?.schema;
      const responses = new Map<string, Schema | null>();
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const json = response.content?.['application/json']?.schema;
        responses.set(status, json ? normaliseSchema(json, document) : null);
      }
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as Operation['method'],
        path,
        summary: operation.summary ?? '',
        secured: (operation.security ?? []).length > 0,
        pathParams: parameters.filter((p) => p.in === 'path').map(param),
        queryParams: parameters.filter((p) => p.in === 'query').map(param),
        body: jsonBody
          ? {
              schema: normaliseSchema(jsonBody, document),
              required: operation.requestBody?.required === true,
            }
          : undefined,
        responses,
      });
    }
  }
  return operations;
}

// --- requests ------------------------------------------------------------------------------------

export type Body =
  | { type: 'absent' }
  | { type: 'json'; value: unknown }
  | { type: 'raw'; contentType: string; payload: string | Buffer; describe: string };

export type Auth = 'user' | 'none' | 'garbage';

/** One request to send. Path and query values are already percent-encoded. */
export type FuzzCase = {
  kind: 'valid' | 'invalid';
  /** What makes the case what it is, e.g. `body.title = NUL inside`. */
  label: string;
  params: Record<string, string>;
  query: Array<[string, string]>;
  body: Body;
  auth: Auth;
};

export const encode = (value: unknown) => encodeURIComponent(String(value));

export function urlOf(operation: Operation, fuzzCase: FuzzCase) {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = fuzzCase.params[name];
    if (value === undefined) throw new Error(`${operation.key}: no value for {${name}}`);
    return value;
  });
  const query = fuzzCase.query.map(([name, value]) => `${encode(name)}=${value}`).join('&');
  return query ? `${path}?${query}` : path;
}

// --- hostile values ------------------------------------------------------------------------------

export type Bad = { label: string; value: unknown };

const HUGE = 100 * 1024;
export const hugeString = 'x'.repeat(HUGE);
const hugeKorean = '가'.repeat(HUGE / 3);

/** Ids the 32-bit columns cannot hold, and things that are not ids at all. */
export const badIds: Bad[] = [
  { label: '2147483648 (2^31)', value: 2147483648 },
  { label: '1e20', value: 1e20 },
  { label: '-1', value: -1 },
  { label: '0', value: 0 },
  { label: '1.5', value: 1.5 },
  { label: "'abc'", value: 'abc' },
  { label: '2^53 (beyond the safe integers)', value: 2 ** 53 },
  { label: '-2147483649', value: -2147483649 },
];

/** Dates PostgreSQL cannot store, or that are no dates. */
export const badDates: Bad[] = [
  { label: '+275760-09-13T00:00:00Z', value: '+275760-09-13T00:00:00Z' },
  { label: '0000-01-01', value: '0000-01-01' },
  { label: '0000-01-01T00:00:00Z', value: '0000-01-01T00:00:00Z' },
  { label: '-000001-01-01T00:00:00.000Z', value: '-000001-01-01T00:00:00.000Z' },
  { label: '10000-01-01', value: '10000-01-01' },
  { label: '1899-12-31', value: '1899-12-31' },
  { label: '2024-02-30', value: '2024-02-30' },
  { label: '2024-13-45T25:61:00Z', value: '2024-13-45T25:61:00Z' },
  { label: "'not a date'", value: 'not a date' },
  { label: '2024-01-01T00:00:00+25:00', value: '2024-01-01T00:00:00+25:00' },
];

/** Text that PostgreSQL refuses, that is enormous, or that is odd Unicode. */
export const badStrings: Bad[] = [
  { label: '100 KB string', value: hugeString },
  { label: '100 KB of Hangul', value: hugeKorean },
  { label: 'NUL inside', value: 'a\u0000b' },
  { label: 'NUL alone', value: '\u0000' },
  { label: 'unpaired high surrogate', value: 'a\uD800b' },
  { label: 'unpaired low surrogate', value: '\uDC00' },
  { label: 'reversed surrogate pair', value: '\uDC00\uD800' },
  { label: 'noncharacters U+FFFE U+FFFF', value: '\uFFFE\uFFFF' },
  { label: 'control characters', value: '\u0001\u0008\u001b\u007f\u0085' },
  { label: 'BOM and zero-width', value: '\uFEFF\u200B\u200D' },
  { label: 'RTL override', value: '\u202Etxt.exe' },
  { label: '500 combining marks', value: `e${'\u0301'.repeat(500)}` },
  { label: 'emoji ZWJ family', value: '👨‍👩‍👧‍👦' },
  { label: 'line/paragraph separators', value: '\u2028\u2029' },
  { label: 'empty', value: '' },
  { label: 'blank', value: '   \t\n' },
  { label: 'SQL-looking', value: "' OR 1=1; --" },
  { label: 'path traversal', value: '../../../etc/passwd' },
  { label: 'percent-escapes', value: '%00%ff%' },
];

const wrongTypes: Bad[] = [
  { label: 'number', value: 42 },
  { label: 'string', value: 'abc' },
  { label: 'boolean', value: true },
  { label: 'null', value: null },
  { label: 'array', value: [1, 'a'] },
  { label: 'object', value: { a: 1 } },
];

const typeOf = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/** The first non-null alternative of a schema (what a field "is"). */
export function coreOf(schema: Schema): Schema {
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives) {
    const core = alternatives.find((s) => s.type !== 'null');
    return core ? coreOf(core) : schema;
  }
  return schema;
}

const isIntegerSchema = (schema: Schema) => {
  const type = coreOf(schema).type;
  return type === 'integer' || type === 'number';
};

const DATE_NAME = /date|deadline|(?:^|[a-z])At$|time$/i;
export const isDateLike = (name: string, schema: Schema) => {
  const core = coreOf(schema);
  return (
    core.type === 'string' &&
    (DATE_NAME.test(name) ||
      core.format === 'date-time' ||
      core.format === 'date' ||
      (typeof core.pattern === 'string' && core.pattern.includes('\\d{4}-')))
  );
};

/** Hostile values for a field of this schema: wrong types and the classes for its type. */
export function badValuesFor(name: string, schema: Schema): Bad[] {
  const core = coreOf(schema);
  const type = core.type;
  const others = wrongTypes.filter((bad) => {
    const actual = typeOf(bad.value);
    if (type === 'integer' || type === 'number') return actual !== 'number';
    return actual !== type;
  });
  if (type === 'integer' || type === 'number') return [...badIds, ...others];
  if (type === 'string') {
    return [...(isDateLike(name, schema) ? badDates : []), ...badStrings, ...others];
  }
  if (type === 'boolean') {
    return [{ label: "'true'", value: 'true' }, { label: '1', value: 1 }, ...others];
  }
  if (type === 'array') {
    const items = isRecord(core.items) ? core.items : {};
    return [
      { label: '10,000 items', value: Array.from({ length: 10_000 }, (_, i) => i + 1) },
      { label: '[null]', value: [null] },
      { label: '[[]] nested', value: [[]] },
      ...badValuesFor(name, items)
        .slice(0, 6)
        .map((bad) => ({ label: `[${bad.label}]`, value: [bad.value] })),
      ...others,
    ];
  }
  return others;
}

/** Query and path values, percent-encoded, that are not what the parameter wants. */
export type RawBad = { label: string; value: string };
export function badRawValuesFor(name: string, schema: Schema): RawBad[] {
  const numeric = isIntegerSchema(schema);
  const common: RawBad[] = [
    { label: 'NUL (%00)', value: 'a%00b' },
    { label: 'invalid UTF-8 (%FF)', value: '%FF%FE' },
    { label: 'encoded lone surrogate (%ED%A0%80)', value: '%ED%A0%80' },
    { label: 'broken escape (%E0%A4%A)', value: '%E0%A4%A' },
    { label: '10 KB value', value: 'x'.repeat(10 * 1024) },
    { label: 'empty', value: '' },
    { label: 'odd unicode', value: encode('\u202E\uFEFF👨‍👩‍👧‍👦\u0301') },
  ];
  const ids = badIds.map((bad) => ({ label: bad.label, value: encode(bad.value) }));
  const dates = isDateLike(name, schema)
    ? badDates.map((bad) => ({ label: bad.label, value: encode(bad.value) }))
    : [];
  return numeric ? [...ids, ...common] : [...dates, ...common, ...ids.slice(0, 3)];
}

// --- valid values from schemas -------------------------------------------------------------------

/** A generator for one named field (or undefined to use its schema). */
export type Hint = (name: string, schema: Schema) => fc.Arbitrary<unknown> | undefined;

const asciiChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCXYZ0123456789 -_.');
const hangulChar = fc.integer({ min: 0xac00, max: 0xd7a3 }).map((c) => String.fromCharCode(c));
const otherChar = fc.constantFrom('é', 'ß', 'ñ', '中', '😀', 'Ω', 'ğ');
const textChar = fc.oneof(
  { weight: 4, arbitrary: asciiChar },
  { weight: 3, arbitrary: hangulChar },
  { weight: 1, arbitrary: otherChar },
);

/** Dates in the supported range, as instants, dates and instants with an offset. */
export const validDate = fc
  .date({
    min: new Date('1990-01-01T00:00:00Z'),
    max: new Date('2090-12-31T23:59:59Z'),
    noInvalidDate: true,
  })
  .chain((date) =>
    fc.constantFrom(
      date.toISOString(),
      date.toISOString().slice(0, 10),
      `${date.toISOString().slice(0, 19)}+09:00`,
    ),
  );

/** Known strings for patterns fast-check cannot read (look-aheads): the first that fits wins. */
const PATTERN_EXAMPLES = [
  'Password1!',
  'Abcdef12',
  'ENFP',
  '123456',
  'user@example.com',
  '2024-05-01',
];

function stringArbitrary(name: string, schema: Schema): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 200;
  const fits = (value: string) => value.length >= minLength && value.length <= maxLength;
  if (schema.format === 'date-time') {
    return fc
      .date({
        min: new Date('1990-01-01T00:00:00Z'),
        max: new Date('2090-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString());
  }
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern, 'u');
    try {
      return fc.stringMatching(pattern).filter(fits);
    } catch {
      const example = PATTERN_EXAMPLES.find(
        (candidate) => pattern.test(candidate) && fits(candidate),
      );
      if (example) return fc.constant(example);
    }
  }
  if (DATE_NAME.test(name)) return validDate;
  const text = fc.string({ unit: textChar, minLength, maxLength: Math.min(maxLength, 40) });
  const boundary =
    maxLength <= 20_000 && maxLength > 40
      ? [{ weight: 1, arbitrary: fc.constant('가'.repeat(maxLength)) }]
      : [];
  return fc.oneof({ weight: 6, arbitrary: text }, ...boundary);
}

function integerArbitrary(schema: Schema): fc.Arbitrary<number> {
  const low =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum + 1
        : -1000;
  const high =
    typeof schema.maximum === 'number'
      ? schema.maximum
      : typeof schema.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum - 1
        : low + 1000;
  return fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: low, max: Math.min(high, low + 1000) }) },
    { weight: 1, arbitrary: fc.constantFrom(low, high) },
  );
}

/** A generator of values the schema accepts (hints first, for fields the world can fill). */
export function valueArbitrary(schema: Schema, name: string, hint: Hint): fc.Arbitrary<unknown> {
  const hinted = hint(name, schema);
  if (hinted) return hinted;
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0)
    return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(
      ...alternatives.map((alternative) => ({
        weight: alternative.type === 'null' ? 1 : 4,
        arbitrary: valueArbitrary(alternative, name, hint),
      })),
    );
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
    return valueArbitrary(Object.assign({}, ...(schema.allOf as Schema[])) as Schema, name, hint);
  }
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return fc.double({ min: -1e6, max: 1e6, noNaN: true });
    case 'string':
      return stringArbitrary(name, schema);
    case 'array': {
      const items = isRecord(schema.items) ? schema.items : {};
      const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : 5;
      return fc.array(valueArbitrary(items, name, hint), {
        minLength,
        maxLength: Math.max(minLength, Math.min(maxItems, 5)),
      });
    }
    case 'object':
    case undefined:
      if (isRecord(schema.properties) || schema.type === 'object')
        return objectArbitrary(schema, hint);
      return fc.jsonValue({ maxDepth: 2 });
    default:
      return fc.constant(null);
  }
}

function objectArbitrary(schema: Schema, hint: Hint): fc.Arbitrary<Record<string, unknown>> {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const names = Object.keys(properties);
  if (names.length === 0 && isRecord(schema.additionalProperties)) {
    const values = schema.additionalProperties;
    return fc.dictionary(
      fc.string({ minLength: 1, maxLength: 20 }),
      valueArbitrary(values, '', hint),
      { maxKeys: 4 },
    );
  }
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of names) record[name] = valueArbitrary(properties[name] as Schema, name, hint);
  return fc.record(record, { requiredKeys: required.filter((name) => name in record) });
}

/** Fields of a body schema a mutation can aim at (top level, nested objects, array items). */
export type Target = { path: string[]; name: string; schema: Schema; required: boolean };
export function targetsOf(schema: Schema, prefix: string[] = [], depth = 0): Target[] {
  const core = coreOf(schema);
  const properties = isRecord(core.properties) ? core.properties : {};
  const required = Array.isArray(core.required) ? (core.required as string[]) : [];
  const targets: Target[] = [];
  for (const [name, sub] of Object.entries(properties)) {
    const path = [...prefix, name];
    targets.push({ path, name, schema: sub as Schema, required: required.includes(name) });
    const subCore = coreOf(sub as Schema);
    if (depth < 2 && subCore.type === 'object')
      targets.push(...targetsOf(subCore, path, depth + 1));
    if (depth < 2 && subCore.type === 'array' && isRecord(subCore.items)) {
      targets.push({ path: [...path, '0'], name, schema: subCore.items, required: false });
    }
  }
  return targets;
}

/** A deep copy with `value` at `path` (missing parents created; `undefined` deletes). */
export function withValueAt(root: unknown, path: string[], value: unknown): unknown {
  const copy: unknown = structuredClone(root);
  const top: Record<string, unknown> = isRecord(copy) ? copy : {};
  let container: Record<string, unknown> = top;
  for (const [index, key] of path.entries()) {
    const last = index === path.length - 1;
    if (last) {
      if (value === undefined) delete container[key];
      else container[key] = value;
    } else {
      const next = container[key];
      if (typeof next !== 'object' || next === null) {
        container[key] = /^\d+$/.test(path[index + 1] ?? '') ? [] : {};
      }
      container = container[key] as Record<string, unknown>;
    }
  }
  return top;
}

// --- whole bodies --------------------------------------------------------------------------------

const deepNesting = `${'['.repeat(5000)}${']'.repeat(5000)}`;
export const badBodies: Body[] = [
  { type: 'raw', contentType: 'application/json', payload: 'null', describe: 'JSON null' },
  { type: 'raw', contentType: 'application/json', payload: '[]', describe: 'JSON []' },
  { type: 'raw', contentType: 'application/json', payload: '"text"', describe: 'JSON string' },
  { type: 'raw', contentType: 'application/json', payload: '42', describe: 'JSON number' },
  { type: 'raw', contentType: 'application/json', payload: '{"a":', describe: 'truncated JSON' },
  { type: 'raw', contentType: 'application/json', payload: '', describe: 'empty JSON body' },
  {
    type: 'raw',
    contentType: 'application/json',
    payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
    describe: '__proto__ / constructor.prototype keys',
  },
  {
    type: 'raw',
    contentType: 'application/json',
    payload: deepNesting,
    describe: '5000-deep array',
  },
  {
    type: 'raw',
    contentType: 'application/json',
    payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x7d]),
    describe: 'invalid UTF-8 in JSON',
  },
  {
    type: 'raw',
    contentType: 'application/json',
    payload: JSON.stringify({ padding: 'x'.repeat(1100 * 1024) }),
    describe: '1.1 MB JSON (over the body limit)',
  },
  { type: 'raw', contentType: 'text/plain', payload: 'hello', describe: 'text/plain body' },
  {
    type: 'raw',
    contentType: 'multipart/form-data',
    payload: 'no boundary',
    describe: 'multipart without a boundary',
  },
  {
    type: 'raw',
    contentType: 'application/x-www-form-urlencoded',
    payload: 'a=1&b=2',
    describe: 'form-urlencoded body',
  },
  {
    type: 'raw',
    contentType: 'multipart/form-data; boundary=zzz',
    payload: '--zzz\r\nContent-Disposition: form-data; name="x"\r\n\r\nnot closed',
    describe: 'truncated multipart',
  },
];

// --- answers -------------------------------------------------------------------------------------

export type Failure = {
  operation: string;
  problem: string;
  kind: FuzzCase['kind'];
  label: string;
  request: string;
  status: number;
  excerpt: string;
  cause?: string | undefined;
};

const excerpt = (text: string, length = 300) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;

function bodyExcerpt(response: LightMyRequestResponse) {
  const type = String(response.headers['content-type'] ?? '');
  if (response.body.length > 0 && !/json|text/.test(type)) {
    return `(${response.rawPayload.length} bytes of ${type || 'unknown type'})`;
  }
  return excerpt(response.body);
}

/** A short, printable form of a request. */
export function describeRequest(operation: Operation, fuzzCase: FuzzCase) {
  let body = '';
  if (fuzzCase.body.type === 'json')
    body = ` ${excerpt(JSON.stringify(fuzzCase.body.value) ?? '', 200)}`;
  if (fuzzCase.body.type === 'raw') body = ` [${fuzzCase.body.describe}]`;
  if (fuzzCase.body.type === 'absent' && operation.method !== 'GET') body = ' [no body]';
  const auth = fuzzCase.auth === 'user' ? '' : ` (auth: ${fuzzCase.auth})`;
  return `${operation.method} ${excerpt(urlOf(operation, fuzzCase), 200)}${body}${auth}`;
}

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
const validators = new Map<Schema, ValidateFunction>();
function validatorFor(schema: Schema) {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  return validate;
}

/**
 * What is wrong with an answer, or null. `notes` gathers what is odd but not a failure: a client
 * error whose status the operation does not document (its problem answers come from
 * define-route's `errorAnswersOf` and the endpoint's own `errors`).
 */
export function judge(
  operation: Operation,
  response: LightMyRequestResponse,
  notes: Set<string>,
): string | null {
  const status = response.statusCode;
  const contentType = String(response.headers['content-type'] ?? '');
  if (status >= 500) return `${status} server error`;
  if (status >= 400) {
    if (!contentType.startsWith('application/problem+json')) {
      return `${status} not application/problem+json (content-type: ${contentType || 'none'})`;
    }
    let problem: unknown;
    try {
      problem = JSON.parse(response.body);
    } catch {
      return `${status} problem+json that is not JSON`;
    }
    if (!isRecord(problem) || typeof problem.code !== 'string' || problem.code === '') {
      return `${status} problem without a string code`;
    }
    if (problem.status !== undefined && problem.status !== status) {
      return `${status} problem whose status says ${JSON.stringify(problem.status)}`;
    }
    if (!operation.responses.has(String(status)) && !operation.responses.has('4XX')) {
      notes.add(`${operation.key}: answers ${status} ${problem.code}, not documented`);
    }
    return null;
  }
  if (status < 200 || status >= 300) return null; // redirects (social login) are fine
  const statusText = String(status);
  const documentedStatus = [statusText, '2XX', 'default'].find((code) =>
    operation.responses.has(code),
  );
  const documented = documentedStatus ? operation.responses.get(documentedStatus) : undefined;
  // A 204 the document calls 200 (or anything else) is a failure: clients read the document.
  if (documented === undefined) {
    return `${status} is not a documented status (documented: ${[...operation.responses.keys()].join(', ')})`;
  }
  if (status === 204 && response.body.length > 0) return '204 with a body';
  if (documented === null) return null; // a file, a redirect target: nothing documented to check
  if (!/^application\/(?:[\w.+-]+\+)?json/.test(contentType)) {
    return `${status} not JSON (content-type: ${contentType || 'none'}) where JSON is documented`;
  }
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `${status} body is not JSON`;
  }
  const validate = validatorFor(documented);
  if (!validate(body)) {
    const errors = (validate.errors ?? [])
      .slice(0, 4)
      .map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`)
      .join('; ');
    return `${status} body does not match the documented schema: ${errors}`;
  }
  return null;
}

/** Sends one case; a request that gets no answer in `timeoutMs` is a failure too. */
export async function send(
  app: TestApp,
  operation: Operation,
  fuzzCase: FuzzCase,
  token: string,
  remoteAddress: string,
  timeoutMs = 20_000,
): Promise<LightMyRequestResponse | 'timeout'> {
  const headers: Record<string, string> = {};
  if (fuzzCase.auth === 'user') headers.authorization = `Bearer ${token}`;
  if (fuzzCase.auth === 'garbage') headers.authorization = 'Bearer not.a.jwt';
  let payload: string | Buffer | undefined;
  if (fuzzCase.body.type === 'json') {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(fuzzCase.body.value);
  } else if (fuzzCase.body.type === 'raw') {
    headers['content-type'] = fuzzCase.body.contentType;
    payload = fuzzCase.body.payload;
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    return await Promise.race([
      app.inject({
        method: operation.method,
        url: urlOf(operation, fuzzCase),
        headers,
        remoteAddress,
        ...(payload === undefined ? {} : { payload }),
      }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export function failureOf(
  operation: Operation,
  fuzzCase: FuzzCase,
  response: LightMyRequestResponse | 'timeout',
  problem: string,
  cause?: string,
): Failure {
  return {
    operation: operation.key,
    problem,
    kind: fuzzCase.kind,
    label: fuzzCase.label,
    request: describeRequest(operation, fuzzCase),
    status: response === 'timeout' ? 0 : response.statusCode,
    excerpt: response === 'timeout' ? '' : bodyExcerpt(response),
    cause,
  };
}

/** The problem class of a failure, for grouping: the status and the first words. */
const classOf = (failure: Failure) =>
  failure.problem
    .replace(/:.*$/, '')
    .replace(/\(content-type.*$/, '')
    .trim();

/** All failures, grouped by class: the operations of each, and examples (every 5xx shown). */
export function report(failures: Failure[]): string {
  const byClass = new Map<string, Failure[]>();
  for (const failure of failures) {
    const list = byClass.get(classOf(failure)) ?? [];
    byClass.set(classOf(failure), list);
    list.push(failure);
  }
  const lines = [`${failures.length} failing requests in ${byClass.size} classes`];
  const example = (failure: Failure) => {
    lines.push(`  - ${failure.operation} [${failure.kind}] ${failure.label}`);
    if (failure.request) lines.push(`      → ${failure.request}`);
    lines.push(`      ← ${failure.problem}`);
    if (failure.excerpt) lines.push(`        ${failure.excerpt.replace(/\s+/g, ' ')}`);
    if (failure.cause) lines.push(`        cause: ${failure.cause}`);
  };
  for (const [problemClass, list] of byClass) {
    const counts = new Map<string, number>();
    for (const failure of list)
      counts.set(failure.operation, (counts.get(failure.operation) ?? 0) + 1);
    lines.push('', `## ${problemClass}: ${list.length} requests on ${counts.size} operations`);
    lines.push(
      `  ${[...counts].map(([operation, count]) => `${operation} (${count})`).join(', ')}`,
    );
    const shown = new Set<string>();
    const serverErrors = problemClass.startsWith('5') || problemClass.startsWith('no answer');
    for (const failure of list) {
      // One example per operation and label for server errors, three examples otherwise.
      const key = serverErrors ? `${failure.operation} ${failure.label}` : failure.operation;
      if (shown.has(key) || (!serverErrors && shown.size >= 3)) continue;
      shown.add(key);
      example(failure);
    }
  }
  return lines.join('\n');
}
