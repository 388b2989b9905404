import fc from 'fast-check';
import { idKindOfPattern, type JsonSchema } from './operations.ts';

/**
 * fast-check arbitraries for the parts of a v2 request, read from the OpenAPI document's
 * JSON schemas: values a schema takes, and values it must refuse without a 5xx (wrong
 * types, huge and odd strings, deep nesting, malformed ids). test/fuzz-openapi.test.ts
 * puts them together into whole requests.
 */

/** Where ids come from: the caller's own objects of a kind, and the ones it must not see. */
export interface IdSource {
  /** Ids of the caller's own objects of this kind, in its mode (the kind is an id prefix: `rcp`). */
  own(kind: string): fc.Arbitrary<string>;
  /** Ids that name nothing for the caller: the other mode's, another company's, unknown, other prefixes, malformed. */
  strange(kind: string): fc.Arbitrary<string>;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const alphanumeric = (minLength: number, maxLength: number) => fc.string({ unit: fc.constantFrom(...ALPHANUMERIC), minLength, maxLength });

/** An id of the right shape that names nothing. */
export const unknownId = (kind: string) => alphanumeric(24, 24).map((tail) => `${kind}_${tail}`);

/** Strings that are no id at all, or almost one. */
export const malformedId = (kind: string) =>
  fc.oneof(
    fc.constantFrom('', 'none', 'null', '0', '-1', '..', '%', kind, `${kind}_`, `${kind.toUpperCase()}_${'A'.repeat(24)}`, `${kind}_${'A'.repeat(23)}`, `${kind}_${'A'.repeat(25)}`, `${kind}_${'A'.repeat(10_000)}`),
    alphanumeric(24, 24).map((tail) => `${kind}-${tail}`),
    alphanumeric(23, 23).map((tail) => `${kind}_${tail}é`),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 30 }),
  );

/** A string of printable ASCII and Latin-1: anything an HTTP header value can carry. */
export const headerText = (maxLength = 60) =>
  fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).filter((c) => c !== 0x7f).map((c) => String.fromCharCode(c)), maxLength });

const HUGE_LENGTHS = [256, 1_001, 70_000] as const;
/** Strings longer than any field takes, of one-byte, two-byte and four-byte characters. */
export const hugeString = fc.tuple(fc.constantFrom(...HUGE_LENGTHS), fc.constantFrom('a', 'é', '🌳', '\u0000', ' ')).map(([length, char]) => char.repeat(length));

/** Text from the whole of Unicode: combining marks, right-to-left, emoji, control characters and lone surrogates. */
export const oddText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('\u0000', '\ud800', '\udfff', 'a\ud83cb', '\u202eevil', 'Z\u0351\u0360\u0361', '\ufeff', '\r\n', '<script>alert(1)</script>', "'; DROP TABLE recipients; --", '{{7*7}}', '#{7*7}', '%s%n'),
);

/** Arrays or objects nested `depth` levels deep (64 are read, 65 are refused). */
export const deepNesting = fc.tuple(fc.constantFrom(8, 64, 65, 500), fc.boolean()).map(([depth, arrays]) => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
  return value;
});

/** A value of the wrong type or shape for whatever field it is put in. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 2, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, '', '7', '0x10', 'Infinity', 'NaN', [], {}, [1, 2], { trees: 1 }, '__proto__') },
  { weight: 1, arbitrary: hugeString },
  { weight: 2, arbitrary: oddText },
  { weight: 1, arbitrary: deepNesting },
  // Own properties named __proto__ and constructor, as JSON.parse makes them (an object literal would set the prototype).
  { weight: 1, arbitrary: fc.constant(JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}')) },
);

const emailAddress = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(alphanumeric(1, 12), fc.constantFrom('example.com', 'private-mail.example', 'xn--bcher-kva.example')).map(([local, domain]) => `${local.toLowerCase()}@${domain}`) },
  { weight: 1, arbitrary: fc.emailAddress() },
);

/** A time as an ISO string, mostly around now, sometimes at the edges of what a date-time can be. */
const timestamp = fc.oneof(
  { weight: 4, arbitrary: fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2029-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString()) },
  { weight: 1, arbitrary: fc.constantFrom('2025-01-01T00:00:00Z', '2025-06-01T12:00:00+02:00', '1970-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z', '0001-01-01T00:00:00Z') },
);

/** A webhook URL: public HTTPS addresses (which are taken), and ones the URL guard refuses without asking DNS for long. */
const webhookUrl = fc.oneof(
  { weight: 3, arbitrary: alphanumeric(1, 10).map((path) => `https://1.1.1.1/${path}`) },
  { weight: 1, arbitrary: fc.constantFrom('http://1.1.1.1/hook', 'https://127.0.0.1/hook', 'https://10.0.0.1/', 'https://[::1]/', 'https://[::ffff:10.0.0.1]/', 'https://169.254.169.254/latest', 'https://hooks.invalid/x', 'ftp://1.1.1.1/', 'https://user:pw@1.1.1.1/', 'https://1.1.1.1:0/', 'https://0x7f000001/', 'javascript:alert(1)', 'https://', '//1.1.1.1') },
);

/**
 * Values the schema takes: enums, ids of the caller's own objects (by pattern), emails, times,
 * bounded strings and numbers, objects with their required fields. `named` overrides a
 * property by name (a webhook `url`). Numbers lean small, so writes rarely run out of trees.
 */
export function validValue(schema: JsonSchema, ids: IdSource, named: Record<string, fc.Arbitrary<unknown>> = {}): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => validValue(option, ids, named)));
  switch (schema.type) {
    case 'string':
      return validString(schema, ids);
    case 'integer': {
      const min = schema.minimum ?? 0;
      const max = schema.maximum ?? 1_000_000;
      return fc.oneof({ weight: 4, arbitrary: fc.integer({ min, max: Math.min(max, min + 3) }) }, { weight: 1, arbitrary: fc.integer({ min, max }) });
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const item = validValue(schema.items ?? {}, ids, named);
      const constraints = { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, 4) };
      return schema.uniqueItems ? fc.uniqueArray(item, constraints) : fc.array(item, constraints);
    }
    case 'object': {
      // A property documented only in words (PATCH's `trees`: "cannot change after creation") takes no value.
      const takes = Object.entries(schema.properties ?? {}).filter(([, property]) => property.type || property.enum || property.anyOf);
      const properties = Object.fromEntries(takes.map(([name, property]) => [name, named[name] ?? validValue(property, ids, named)]));
      return fc.record(properties, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
    }
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

function validString(schema: JsonSchema, ids: IdSource): fc.Arbitrary<string> {
  const kind = idKindOfPattern(schema.pattern);
  if (kind) return schema.pattern?.startsWith('^none$|') ? fc.oneof(fc.constant('none'), ids.own(kind)) : ids.own(kind);
  if (schema.pattern === '^[A-Z]{2}$') return fc.constantFrom('KE', 'NL', 'BR', 'ZZ');
  if (schema.format === 'email') return emailAddress;
  if (schema.format === 'date-time') return timestamp;
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 60, 60);
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength: Math.max(minLength, Math.floor(maxLength / 4)) }) },
  );
}

const DAY_MS = 86_400_000;
/** A gift code's `valid_until`: from tomorrow to three years ahead, as the API takes it. */
const validUntil = fc.integer({ min: 1, max: 1_000 }).map((days) => new Date(Date.now() + days * DAY_MS).toISOString());

/** Body properties whose valid values a schema cannot say: a webhook's `url`, a gift code's `valid_until`. */
export const NAMED_VALUES: Record<string, fc.Arbitrary<unknown>> = { url: webhookUrl, valid_until: validUntil };

/**
 * Values the schema must refuse (or may take, odd as they are), and never answer with a 5xx:
 * the wrong type, strings out of bounds or of odd characters, numbers at and past the limits,
 * ids that name nothing for the caller.
 */
export function brokenValue(schema: JsonSchema, ids: IdSource): fc.Arbitrary<unknown> {
  const kind = idKindOfPattern(schema.pattern);
  const specific: fc.Arbitrary<unknown>[] = [];
  if (kind) specific.push(ids.strange(kind));
  if (schema.type === 'integer' || schema.type === 'number') {
    const bounds = [schema.minimum, schema.maximum].filter((n): n is number => n !== undefined);
    specific.push(fc.constantFrom(...bounds.flatMap((n) => [n - 1, n + 1]), 0, -0, 0.5, -2_147_483_649, 2 ** 63, Number.MAX_SAFE_INTEGER));
  }
  if (schema.type === 'string') specific.push(fc.constantFrom('', ' ', 'a'.repeat((schema.maxLength ?? 255) + 1)), oddText);
  if (schema.format === 'date-time') specific.push(fc.constantFrom('yesterday', '2025-13-01T00:00:00Z', '2025-02-30T00:00:00Z', '0000-01-01T00:00:00Z', '10000-01-01T00:00:00Z', '2025-01-01', '2025-01-01T25:00:00Z', '1e10'));
  if (schema.format === 'email') specific.push(fc.constantFrom('not-an-email', '@example.com', 'a@', 'a@b@c', 'a b@example.com', `${'a'.repeat(250)}@example.com`));
  if (schema.enum) specific.push(fc.constantFrom(...schema.enum.map((value) => `${String(value).toUpperCase()}`), `${String(schema.enum[0])} `, 'unknown'));
  return specific.length > 0 ? fc.oneof({ weight: 2, arbitrary: fc.oneof(...specific) }, { weight: 1, arbitrary: junk }) : junk;
}

/** A query string value: what a query string can say about a schema, written as text. */
export function validQueryValues(schema: JsonSchema, ids: IdSource): fc.Arbitrary<string[]> {
  if (schema.type === 'array') {
    return fc.uniqueArray(validValue(schema.items ?? {}, ids), { minLength: 1, maxLength: 4 }).map((values) => values.map(String));
  }
  return validValue(schema, ids).map((value) => [String(value)]);
}

/** Query values a parameter must refuse: numbers that are not plain decimals, and every broken value as text. */
export function brokenQueryValues(schema: JsonSchema, ids: IdSource): fc.Arbitrary<string[]> {
  const item = schema.type === 'array' ? (schema.items ?? {}) : schema;
  const text = fc.oneof(
    brokenValue(item, ids).map((value) => (typeof value === 'string' ? value : JSON.stringify(value) ?? '')),
    fc.constantFrom('Infinity', '-Infinity', '1e999', '0x10', '1e1', ' 10', '10.0', '+10', '-5', '0', '101', '', '[]', '{}', 'null', 'true'),
  );
  return fc.array(text, { minLength: 1, maxLength: 3 });
}
