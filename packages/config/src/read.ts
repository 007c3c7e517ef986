import type { TSchema } from "typebox";
import { Value } from "typebox/value";
import { type EnvValues, type Part, type VariableMeta, variables } from "./schema.ts";

export type Env = Record<string, string | undefined>;

/** A bad environment variable: the message names it and says what is expected. */
export class ConfigError extends Error {
  readonly variable: string;
  constructor(variable: string, expected: string, got: string) {
    super(`Invalid environment variable ${variable}: expected ${expected}, got ${JSON.stringify(got)}`);
    this.name = "ConfigError";
    this.variable = variable;
  }
}

type Variable = TSchema & VariableMeta & Record<string, unknown>;

/** What a value of this schema must be, in words: from its refinement, its kind, or its `expected`. */
function expectedOf(schema: Variable, value: unknown): string {
  const refused = [...Value.Errors(schema, value)].find((error) => error.keyword === "~refine");
  if (refused) return refused.message;
  if (schema.type === "integer") return `an integer from ${schema.minimum} to ${schema.maximum}`;
  if (schema.type === "boolean") return "true or false";
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.join(", ")}`;
  return schema.expected ?? "a valid value";
}

/** A secret's text never reaches a message or a log. */
function shown(schema: Variable, raw: string): string {
  return schema.secret ? `(${raw.length} characters)` : raw;
}

function decodeInteger(name: string, schema: Variable, raw: string): number {
  const value = Number(raw);
  if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || !Value.Check(schema, value)) {
    throw new ConfigError(name, expectedOf(schema, value), raw);
  }
  return value;
}

function decodeBoolean(name: string, schema: Variable, raw: string): boolean {
  const word = raw.trim().toLowerCase();
  if (["1", "true", "yes", "on"].includes(word)) return true;
  if (["0", "false", "no", "off"].includes(word)) return false;
  throw new ConfigError(name, expectedOf(schema, raw), raw);
}

/** A comma-separated list; the message shows the one item that is wrong. */
function decodeList(name: string, schema: Variable, raw: string): string[] {
  const items = raw
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  for (const item of items) {
    if (!Value.Check(schema.items as TSchema, item)) throw new ConfigError(name, expectedOf(schema, [item]), item);
  }
  return items;
}

function decode(name: string, schema: Variable, raw: string): unknown {
  if (schema.type === "integer") return decodeInteger(name, schema, raw);
  if (schema.type === "boolean") return decodeBoolean(name, schema, raw);
  if (schema.type === "array") return decodeList(name, schema, raw);
  if (!Value.Check(schema, raw)) throw new ConfigError(name, expectedOf(schema, raw), shown(schema, raw));
  return raw;
}

/** The parts this process serves, by SERVE_API and SERVE_WEB. */
function served(values: Record<string, unknown>): Set<Part> {
  const parts = new Set<Part>(["both"]);
  if (values.SERVE_API) parts.add("api");
  if (values.SERVE_WEB) parts.add("site");
  return parts;
}

function productionRefusal(schema: Variable, raw: string | undefined): string | null {
  if (schema.productionMinimum !== undefined) {
    return raw !== undefined && raw !== "" && Number(raw) < schema.productionMinimum ? raw : null;
  }
  if (raw === undefined || raw === "") return "";
  if (raw === schema.default) return schema.secret ? "(the development value)" : raw;
  if (schema.productionMinLength !== undefined && raw.length < schema.productionMinLength) return shown(schema, raw);
  return null;
}

/**
 * Reads every variable of the schema from the environment and checks it: its type and range first,
 * in declaration order, then what other settings and production ask of the parts this process serves.
 * Throws a ConfigError naming the first bad variable.
 */
export function readEnv(env: Env): EnvValues {
  const values: Record<string, unknown> = {};
  for (const [name, schema] of variables() as [string, Variable][]) {
    const raw = env[name];
    if (raw === undefined || raw === "") {
      if (schema.default !== undefined)
        values[name] = Array.isArray(schema.default) ? [...schema.default] : schema.default;
    } else {
      values[name] = decode(name, schema, raw);
    }
  }
  const parts = served(values);
  const production = values.NODE_ENV === "production";
  for (const [name, schema] of variables() as [string, Variable][]) {
    if (!parts.has(schema.part)) continue;
    const raw = env[name];
    const when = Object.entries(schema.requiredWhen ?? {});
    if (when.length > 0 && when.every(([other, value]) => values[other] === value) && !raw) {
      throw new ConfigError(
        name,
        `a value when ${when.map(([other, value]) => `${other}=${value}`).join(" and ")}`,
        "",
      );
    }
    if (production && schema.production !== undefined) {
      const got = productionRefusal(schema, raw);
      if (got !== null) throw new ConfigError(name, schema.production, got);
    }
  }
  return values as EnvValues;
}

/** An http(s) URL as the product uses it: without trailing slashes. */
export function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, "");
}
