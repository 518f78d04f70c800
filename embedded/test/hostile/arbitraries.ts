import fc from 'fast-check';

/** The JSON Schema subset the services' OpenAPI documents use (zod 4 → Standard JSON Schema). */
export interface JsonSchema {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: JsonSchema;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** zod writes a second pattern on one string as `allOf: [{ pattern }, { pattern }]`. */
  allOf?: JsonSchema[];
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  default?: unknown;
}

/**
 * An id the run resolves when it sends the request: the fuzzed meetings change (a fuzzed delete
 * may remove one), so requests name them by role rather than by value.
 */
export class Ref {
  constructor(readonly role: IdRole) {}
  toJSON(): string {
    throw new Error('resolve refs before sending');
  }
}
export const ID_ROLES = [
  'meeting',
  'agendaItem',
  'action',
  'otherMeeting',
  'otherAgendaItem',
  'otherAction',
  'strangersMeeting',
  'strangersAction',
] as const;
export type IdRole = (typeof ID_ROLES)[number];

const ref = fc.constantFrom(...ID_ROLES).map((role) => new Ref(role));

/** Text that has broken parsers, databases and renderers before. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(8),
  '\ud800',
  'x\udfffy',
  '\uffff\ufffe',
  '\u202eevil\u202c',
  '\u200b\u200c\u200d\ufeff',
  'e\u0301\u0301\u0301',
  '𝕬𝖇𝖈 👩‍👩‍👧‍👦 🏳️‍🌈',
  'ǅ ß ẞ İ ı',
  '\r\n\r\nSet-Cookie: x=1',
  '%00%0d%0a',
  '../../../../etc/passwd',
  '${jndi:ldap://x}',
  "'; DROP TABLE meeting; --",
  '" OR 1=1 --',
  '%_%\\%',
  '<script>alert(1)</script>',
  '{{constructor.constructor("alert(1)")()}}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  'true',
  'null',
  '[]',
  '{}',
];

const nasty = fc.constantFrom(...NASTY_STRINGS);
const unicodeText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ maxLength: 40 }),
);

function hugeString(schema: JsonSchema): fc.Arbitrary<string> {
  const limit = schema.maxLength ?? 1_000;
  return fc
    .tuple(
      fc.constantFrom(limit + 1, limit * 2, 100_000, 1_000_000),
      fc.constantFrom('x', 'é', '😀', '\u0000', ' '),
    )
    .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));
}

/** Lengths of near-miss runs: within an e-mail's limit (the patterns run), well past it, a megabyte. */
export const NEAR_MISS_LENGTHS = [250, 20_000, 1_000_000];

/**
 * Inputs built to make a backtracking pattern work hard: long runs of almost-valid characters
 * that fail at the end (one repeated character is not enough: `a@` + dots + `@` froze the old
 * e-mail pattern for minutes). E-mails, hashtags, codes, links.
 */
export const CRAFTED_NEAR_MISSES: readonly ((n: number) => string)[] = [
  (n) => `a@${'.'.repeat(n)}@`,
  (n) => `a@${'.'.repeat(n)} .`,
  (n) => `a@a${'.a'.repeat(n / 2)}@`,
  (n) => `a@${'a.'.repeat(n / 2)} b`,
  (n) => `${'a'.repeat(n)}@`,
  (n) => 'a@'.repeat(n / 2),
  (n) => `a@${'a'.repeat(n)}!`,
  (n) => `a@${`${'a'.repeat(62)}.`.repeat(Math.ceil(n / 63))}@`,
  (n) => `a@${'a-'.repeat(n / 2)}.`,
  (n) => `${'!'.repeat(n)}@a.a@`,
  (n) => `#${'a-'.repeat(n / 2)}!`,
  (n) => `${'#a'.repeat(n / 2)}#`,
  (n) => `${'1'.repeat(n)}x`,
  (n) => `12345${' '.repeat(n)}6`,
  (n) => `https://${'a'.repeat(n)} `,
  (n) => `${'http://'.repeat(n / 7)}\u0000`,
];

/** Every pattern a string schema declares. */
function patternsOf(schema: JsonSchema): RegExp[] {
  return [schema.pattern, ...(schema.allOf ?? []).map((part) => part.pattern)]
    .filter((pattern): pattern is string => pattern !== undefined)
    .map((pattern) => new RegExp(pattern));
}

/** Strings that fit every pattern, made from the longest (the most specific, as a rule). */
function matchingAll(patterns: RegExp[], maxLength: number): fc.Arbitrary<string> {
  const [generator] = [...patterns].sort((a, b) => b.source.length - a.source.length);
  return fc
    .stringMatching(generator!)
    .filter((value) => value.length <= maxLength && patterns.every((p) => p.test(value)));
}

/** Crafted near-misses, and for a patterned field its own valid values with one character run long and a rejecting end. */
function nearMiss(schema: JsonSchema): fc.Arbitrary<string> {
  const crafted = fc
    .tuple(fc.constantFrom(...CRAFTED_NEAR_MISSES), fc.constantFrom(...NEAR_MISS_LENGTHS))
    .map(([build, n]) => build(n));
  const patterns = patternsOf(schema);
  if (patterns.length === 0) return crafted;
  const stretched = fc
    .tuple(
      matchingAll(patterns, schema.maxLength ?? Infinity).filter((value) => value.length > 0),
      fc.nat(),
      fc.constantFrom(...NEAR_MISS_LENGTHS),
      fc.constantFrom('\u0000', ' ', '@', '!', '.', '#', '-', 'x'),
    )
    .map(([valid, at, n, end]) => {
      const i = at % valid.length;
      return `${valid.slice(0, i)}${valid[i]!.repeat(n)}${valid.slice(i)}${end}`;
    });
  return fc.oneof(crafted, stretched);
}

/** Values of any JSON type, for "wrong type" mutations. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-0, 2 ** 53 + 1, -(2 ** 63), 1e308, 0.1),
  unicodeText,
  nasty,
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

/** Keys that have polluted prototypes through JSON merges. */
const POLLUTING_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '__defineGetter__',
  'hasOwnProperty',
];
const pollution = fc.constantFrom(
  { polluted: true },
  { prototype: { polluted: true } },
  { isAdmin: true, toString: 'x' },
);

/** Sets a key as an own, enumerable property even when it is `__proto__`, so JSON.stringify sends it. */
function withKey(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return target;
}

/** A value that fits the schema (ids by reference, strings from the pattern or any unicode). */
export function validValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string': {
      if (schema.format === 'uuid') return fc.oneof({ arbitrary: ref, weight: 4 }, fc.uuid());
      const patterns = patternsOf(schema);
      if (patterns.length > 0) return matchingAll(patterns, schema.maxLength ?? Infinity);
      const min = schema.minLength ?? 0;
      const max = Math.min(schema.maxLength ?? 60, 60);
      return fc.oneof(
        fc.string({ minLength: min, maxLength: max }),
        fc.string({ unit: 'grapheme', minLength: min, maxLength: max }),
        fc.string({ unit: 'binary', minLength: min, maxLength: max }),
      );
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000 });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(schema.items ?? {}), {
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object':
      return objectOf(schema, validValue);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Mostly valid, often a little wrong: wrong types, edges, huge or nasty text, extra or polluting keys. */
export function hostileValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const mutations: fc.WeightedArbitrary<unknown>[] = [
    { arbitrary: validValue(schema), weight: 5 },
    { arbitrary: anyJson, weight: 2 },
  ];
  switch (schema.type) {
    case 'string':
      mutations.push(
        { arbitrary: nasty, weight: 2 },
        { arbitrary: unicodeText, weight: 1 },
        { arbitrary: hugeString(schema), weight: 1 },
        { arbitrary: nearMiss(schema), weight: 2 },
        { arbitrary: fc.uuid().map((id) => id.toUpperCase()), weight: 1 },
      );
      break;
    case 'integer':
    case 'number':
      mutations.push({
        arbitrary: fc.constantFrom(
          (schema.minimum ?? 0) - 1,
          (schema.maximum ?? 0) + 1,
          1.5,
          -0,
          2 ** 31,
          2 ** 53 + 1,
          1e308,
          -1e308,
          '1',
          '0x10',
        ),
        weight: 2,
      });
      break;
    case 'array':
      mutations.push(
        {
          arbitrary: fc.array(hostileValue(schema.items ?? {}), { maxLength: 6 }),
          weight: 3,
        },
        {
          // Just over the list limit.
          arbitrary: validValue(schema.items ?? {}).map((item) =>
            Array.from({ length: (schema.maxItems ?? 100) + 1 }, () => item),
          ),
          weight: 1,
        },
      );
      break;
    case 'object':
      mutations.push(
        { arbitrary: objectOf(schema, hostileValue), weight: 4 },
        {
          arbitrary: fc
            .tuple(objectOf(schema, validValue), fc.constantFrom(...POLLUTING_KEYS), pollution)
            .map(([body, key, value]) => withKey({ ...(body as object) }, key, value)),
          weight: 2,
        },
        {
          arbitrary: fc
            .tuple(
              objectOf(schema, validValue),
              fc.string({ minLength: 1, maxLength: 12 }),
              anyJson,
            )
            .map(([body, key, value]) => withKey({ ...(body as object) }, key, value)),
          weight: 1,
        },
      );
      break;
    default:
      break;
  }
  return fc.oneof(...mutations);
}

function objectOf(
  schema: JsonSchema,
  field: (schema: JsonSchema) => fc.Arbitrary<unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, field(property)]),
  );
  // Required keys are sometimes dropped too: what arrives is never guaranteed.
  return fc.oneof(
    { arbitrary: fc.record(model, { requiredKeys: schema.required ?? [] }), weight: 4 },
    { arbitrary: fc.record(model, { requiredKeys: [] }), weight: 1 },
  ) as fc.Arbitrary<Record<string, unknown>>;
}

/** A request body: mostly JSON from the schema, sometimes bytes no JSON parser should accept. */
export function hostileBody(schema: JsonSchema | undefined): fc.Arbitrary<RawBody> {
  const json = (schema ? hostileValue(schema) : anyJson).map((value): RawBody => ({
    kind: 'json',
    value,
  }));
  const broken = fc
    .oneof(
      fc.constantFrom(
        '',
        '{',
        '{"a":',
        'null',
        '"text"',
        '[]',
        '{"a":1,"a":2}',
        '\ufeff{}',
        '{"__proto__":{"polluted":true}}',
        '{"constructor":{"prototype":{"polluted":true}}}',
        '{"text":"\\ud800"}',
        '{"text":"\\u0000"}',
        'NaN',
        '1e999999',
        '{"a":1}garbage',
      ),
      fc
        .integer({ min: 1_000, max: 200_000 })
        .map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
      fc
        .integer({ min: 1_000, max: 100_000 })
        .map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
      fc.string({ unit: 'binary', maxLength: 200 }),
    )
    .map((text): RawBody => ({ kind: 'raw', text }));
  const contentType = fc.constantFrom(
    'application/json',
    'application/json',
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=latin1',
    'APPLICATION/JSON',
    'application/json; boundary=x',
  );
  return fc
    .tuple(fc.oneof({ arbitrary: json, weight: 5 }, { arbitrary: broken, weight: 1 }), contentType)
    .map(([body, type]) => ({ ...body, contentType: type }));
}

export type RawBody = ({ kind: 'json'; value: unknown } | { kind: 'raw'; text: string }) & {
  contentType?: string;
};

/** A path parameter: a real id by role, a random UUID, or something that is no UUID at all. */
export function hostilePathParam(): fc.Arbitrary<Ref | string> {
  return fc.oneof(
    { arbitrary: ref, weight: 6 },
    { arbitrary: fc.uuid(), weight: 1 },
    {
      arbitrary: fc.oneof(
        fc.constantFrom(
          'not-a-uuid',
          '1',
          '-1',
          '0',
          'null',
          'undefined',
          '..',
          '%2e%2e',
          '%00',
          '%2F',
          '00000000-0000-0000-0000-000000000000',
          'ffffffff-ffff-ffff-ffff-ffffffffffff',
          '{00000000-0000-4000-8000-000000000000}',
          'x'.repeat(101),
          'x'.repeat(5_000),
        ),
        fc.uuid().map((id) => id.toUpperCase()),
        fc.uuid().map((id) => id.replace(/-/g, '')),
        fc.uuid().map((id) => `${id}%00`),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).map(encodeAny),
        nasty.filter((s) => s.length > 0).map(encodeAny),
        fc.constantFrom('%ED%A0%80', '%FF%FE', '%C0%AE%C0%AE', '%E2%80%AE'),
      ),
      weight: 3,
    },
  );
}

/** Query parameters from the declared ones (missing, valid, hostile) plus undeclared and polluting keys. */
export function hostileQuery(
  declared: { name: string; schema: JsonSchema }[],
): fc.Arbitrary<[string, string][]> {
  const stringify = (value: unknown) =>
    typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  const known = declared.map(({ name, schema }) =>
    fc.option(
      fc
        .oneof(
          { arbitrary: validValue({ ...schema, type: schema.type ?? 'string' }), weight: 3 },
          { arbitrary: hostileValue(schema), weight: 2 },
          { arbitrary: nasty, weight: 1 },
        )
        .map((value): [string, string] => [name, stringify(value)]),
      { nil: undefined },
    ),
  );
  const extra = fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          '__proto__',
          '__proto__[polluted]',
          'constructor[prototype][polluted]',
          'page[]',
          ...declared.map((d) => d.name),
        ),
        fc.string({ minLength: 1, maxLength: 10 }),
      ),
      fc.oneof(nasty, unicodeText),
    ),
    { maxLength: 2 },
  );
  return fc
    .tuple(
      fc.tuple(...known),
      fc.oneof({ arbitrary: fc.constant([]), weight: 3 }, { arbitrary: extra, weight: 1 }),
    )
    .map(([pairs, more]) => [
      ...(pairs.filter(Boolean) as [string, string][]),
      ...(more as [string, string][]),
    ]);
}

/**
 * encodeURIComponent that also sends lone surrogates, as the (invalid UTF-8) bytes a hostile
 * client would put on the wire, instead of throwing.
 */
export function encodeAny(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(text[i]!);
  }
  return out;
}
