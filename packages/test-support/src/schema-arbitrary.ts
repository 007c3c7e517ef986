import fc from "fast-check";

/** A JSON Schema as TypeBox writes it (the call declarations' params, query and body). */
interface Schema {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/** Any JSON value, shallow: what a careless or hostile client may send in place of anything. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ maxLength: 300 }),
  fc.constantFrom(
    "",
    " ",
    "null",
    "0",
    "-1",
    "1e309",
    "NaN",
    "../../etc/passwd",
    "<script>alert(1)</script>",
    "%00",
    "\u0000",
    "😀".repeat(50),
    "a".repeat(5000),
  ),
  fc.integer(),
  fc.double(),
);

function stringOf(schema: Schema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, 400);
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((value) => value.length >= minLength && value.length <= (schema.maxLength ?? Number.MAX_SAFE_INTEGER));
    } catch {
      // a pattern fast-check cannot generate from: any string, which the server must refuse cleanly
    }
  }
  if (schema.format === "uri" || schema.format === "url") return fc.webUrl();
  if (schema.format === "date-time") return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  return fc.string({ minLength, maxLength, unit: "grapheme" });
}

function numberOf(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Values the schema accepts (as far as generation goes: patterns, ranges, lengths, required keys). */
export function validOf(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => validOf(option, depth)));
  switch (schema.type) {
    case "string":
      return stringOf(schema);
    case "integer":
      return numberOf(schema, true);
    case "number":
      return numberOf(schema, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(schema.items && depth < 4 ? validOf(schema.items, depth + 1) : junk, {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case "object": {
      const properties = Object.entries(schema.properties ?? {});
      if (depth >= 4) return fc.constant({});
      return fc.record(Object.fromEntries(properties.map(([key, value]) => [key, validOf(value, depth + 1)])), {
        requiredKeys: schema.required ?? [],
      });
    }
    default:
      return junk;
  }
}

/**
 * Inputs around the schema: valid ones, valid ones with one field replaced by junk, and junk. Most
 * of what a server meets from clients that do not follow the contract.
 */
export function inputOf(schema: Schema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, { arbitrary: junk, weight: 1 });
  const valid = validOf(schema);
  const keys = Object.keys(schema.properties ?? {});
  const oneBroken =
    schema.type === "object" && keys.length > 0
      ? fc
          .tuple(valid, fc.constantFrom(...keys), junk)
          .map(([value, key, bad]) => ({ ...(value as Record<string, unknown>), [key]: bad }))
      : junk;
  return fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: oneBroken, weight: 2 }, { arbitrary: junk, weight: 1 });
}
