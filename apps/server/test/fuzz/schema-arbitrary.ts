import fc from 'fast-check';

/** The parts of a JSON Schema (as the OpenAPI document carries the contracts' zod schemas). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
}

/** What an outsider sends to break a server: text no database column or parser expects. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDC00y',
    '%00',
    '',
    ' ',
    '../../etc/passwd',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '\u202E\uFEFF',
    '1e309',
    '-0',
    'NaN',
    '9'.repeat(40),
    '__proto__',
    'constructor',
    '😀'.repeat(300),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 5000 }).map((s) => s.padEnd(3000, 'x')),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, -1, 0, 1.5, 2 ** 53, -(2 ** 63), 1e308, [], {}),
  fc.jsonValue({ maxDepth: 3 }),
);

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 40, 200));
  return fc.string({ minLength: min, maxLength: max });
}

/**
 * Values shaped by the schema most of the time (so requests get past the first check and
 * reach the code behind it), with a hostile value in any place some of the time.
 */
export function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostileValue;
  const shaped = shapedFromSchema(schema, depth);
  return fc.oneof({ weight: 3, arbitrary: shaped }, { weight: 1, arbitrary: hostileValue });
}

function shapedFromSchema(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) {
    return fc.oneof(...variants.map((variant) => fromSchema(variant, depth + 1)));
  }
  if (schema.allOf && schema.allOf.length > 0) return fromSchema(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return fc.oneof({ weight: 2, arbitrary: validString(schema) }, hostileString);
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -(2 ** 31)),
        max: Math.min(schema.maximum ?? 1000, 2 ** 31),
      });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(schema.items, depth + 1), { maxLength: 4 });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) {
        record[name] = fromSchema(property, depth + 1);
      }
      const optional = Object.keys(properties).filter((name) => !required.has(name));
      return fc
        .record(record, { requiredKeys: [...required].filter((k) => k in record) })
        .chain((value) =>
          // Now and then an unknown key, or a required one left out.
          fc.oneof(
            { weight: 4, arbitrary: fc.constant(value) },
            fc.record({ [hostileKey]: hostileValue }).map((extra) => ({ ...value, ...extra })),
            fc
              .constantFrom(...Object.keys(value), ...optional, 'missing')
              .map((drop) => Object.fromEntries(Object.entries(value).filter(([k]) => k !== drop))),
          ),
        );
    }
    case undefined:
    default:
      return hostileValue;
  }
}

const hostileKey = 'x\u0000key';

/** A query or path parameter's text (what an URL carries), schema-shaped or hostile. */
export function parameterText(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  return fromSchema(schema).map((value) =>
    typeof value === 'string' ? value : (JSON.stringify(value) ?? ''),
  );
}
