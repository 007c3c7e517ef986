import { AjvCompiler } from "@fastify/ajv-compiler";
import { SerializerSelector } from "@fastify/fast-json-stringify-compiler";

/**
 * Fastify's validator and serialiser compilers, each schema compiled once per process rather than once
 * per server (decision 093).
 *
 * Fastify builds a new Ajv instance and a new set of serialisers for every server it creates, and a
 * server's start compiles every route's schemas again: about 0.3 s of CPU for this API's calls. The
 * routes take their schemas from the calls' declarations (`@davmu/contracts/calls`), objects made once
 * at import, so a process that builds a second server (the API suites start one per file; a
 * production process builds one) compiles the same objects again. Here the compiled functions are
 * kept per schema object:
 * - validators: one Ajv instance per set of shared schemas and options, as Fastify's own pool keys it,
 *   kept for the process; Ajv keeps what it compiled by the schema object;
 * - serialisers: kept by schema object, per set of shared schemas and options.
 * What a function does depends only on its schema, the shared schemas and the options, all part of
 * the key, so a kept function is the one the server would have compiled. The key is their JSON text,
 * so it is used only where they are plain data: options with Ajv plugins, `onCreate`, a function or a
 * RegExp get compilers of the server's own, as Fastify would make them.
 * A validator stays in its Ajv for the process: bounded by the schema objects the process's routes
 * declare (the contracts' own, made once; a test's route declared inline adds its own per server).
 *
 * With a compiler of its own, Fastify no longer lower-cases a headers schema's property names (it
 * leaves a custom compiler's schema as given): the one check it did, that a header is declared by its
 * lower-case name as Node gives it, is made here and refuses the route at start.
 */

type ValidatorFactory = ReturnType<typeof AjvCompiler>;
type SerializerFactory = ReturnType<typeof SerializerSelector>;
type ValidatorCompiler = ReturnType<ValidatorFactory>;
type SerializerCompiler = ReturnType<SerializerFactory>;

const validatorPool: ValidatorFactory = AjvCompiler();
const serializerFactory: SerializerFactory = SerializerSelector();
const serializersByKey = new Map<string, WeakMap<object, ReturnType<SerializerCompiler>>>();

/** Subschemas Fastify's lower-casing of header schemas goes into (its `lib/validation.js`). */
const subschemaKeys = new Set([
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "if",
  "then",
  "else",
  "items",
  "additionalItems",
  "additionalProperties",
  "unevaluatedItems",
  "unevaluatedProperties",
  "contains",
  "contentSchema",
]);

/**
 * What of a headers schema Node's lower-cased header names would never match: names with capitals
 * wherever Fastify's own lower-casing changed them (`properties`, `required`, the dependencies' names,
 * `enum` and `const` inside `propertyNames`, in every subschema, `$defs` and `definitions` included),
 * and references to schemas outside it (`$ref` not starting with `#`), which no check here can see into.
 */
export function headerSchemaProblems(schema: unknown): { names: string[]; externalRefs: string[] } {
  const names = new Set<string>();
  const externalRefs = new Set<string>();
  const addNames = (list: unknown) => {
    if (Array.isArray(list)) for (const name of list) if (typeof name === "string") names.add(name);
  };
  const walk = (node: unknown, insidePropertyNames: boolean) => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item, insidePropertyNames);
      return;
    }
    if (!node || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      const map =
        value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
      if (key === "properties" && map) {
        for (const [name, sub] of Object.entries(map)) {
          names.add(name);
          walk(sub, insidePropertyNames);
        }
      } else if (key === "required") addNames(value);
      else if ((key === "dependencies" || key === "dependentSchemas" || key === "dependentRequired") && map) {
        for (const [name, dependent] of Object.entries(map)) {
          names.add(name);
          if (Array.isArray(dependent)) addNames(dependent);
          else walk(dependent, insidePropertyNames);
        }
      } else if (subschemaKeys.has(key)) walk(value, insidePropertyNames);
      else if (key === "propertyNames") walk(value, true);
      else if ((key === "definitions" || key === "$defs" || key === "patternProperties") && map) {
        for (const sub of Object.values(map)) walk(sub, insidePropertyNames);
      } else if (key === "$ref" && typeof value === "string" && !value.startsWith("#")) externalRefs.add(value);
      else if (insidePropertyNames && key === "enum") addNames(value);
      else if (insidePropertyNames && key === "const" && typeof value === "string") names.add(value);
    }
  };
  walk(schema, false);
  return { names: [...names].filter((name) => name !== name.toLowerCase()), externalRefs: [...externalRefs] };
}

/** A headers schema's names with capitals (`headerSchemaProblems`). */
export const headerNamesNotLowerCase = (schema: unknown): string[] => headerSchemaProblems(schema).names;

/**
 * Whether a value is plain data, all of it in its JSON text: the pools are keyed by that text, so
 * options holding a function (Ajv plugins, `onCreate`, a custom format or keyword), a RegExp or any
 * other object would give servers with different options one key.
 */
export function isPlainData(value: unknown, depth = 0): boolean {
  if (depth > 32) return false;
  if (value === null || value === undefined) return true;
  const type = typeof value;
  if (type === "string" || type === "boolean") return true;
  if (type === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => isPlainData(item, depth + 1));
  if (type !== "object") return false;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  return Object.values(value as object).every((item) => isPlainData(item, depth + 1));
}

/** What Fastify gives a validator compiler for each part of a route (its own types name only the schema). */
interface ValidatedPart {
  schema: unknown;
  method: string;
  url: string;
  httpPart?: string;
}

const buildValidator = ((externalSchemas, options) => {
  // options that are not plain data (Ajv plugins, `onCreate`, functions) get an Ajv of this server's own
  const shared =
    isPlainData(externalSchemas) &&
    isPlainData(options?.customOptions) &&
    !options?.plugins?.length &&
    !options?.onCreate;
  const compile = (shared ? validatorPool : AjvCompiler())(externalSchemas, options);
  return ((route: ValidatedPart) => {
    if (route.httpPart === "headers") {
      const { names, externalRefs } = headerSchemaProblems(route.schema);
      if (names.length > 0) {
        throw new Error(
          `${route.method} ${route.url}: headers are declared by their lower-case names (${names.join(", ")})`,
        );
      }
      if (externalRefs.length > 0) {
        throw new Error(
          `${route.method} ${route.url}: a headers schema is declared in full, not by reference (${externalRefs.join(", ")})`,
        );
      }
    }
    return compile(route as never);
  }) as ValidatorCompiler;
}) as ValidatorFactory;

const buildSerializer = ((externalSchemas, options) => {
  const compile = serializerFactory(externalSchemas, options);
  // options that are not plain data are not told apart by their JSON text: this server's own serialisers
  if (!isPlainData(externalSchemas) || !isPlainData(options)) return compile;
  const key = JSON.stringify([externalSchemas ?? {}, options ?? {}]);
  let kept = serializersByKey.get(key);
  if (!kept) {
    kept = new WeakMap();
    serializersByKey.set(key, kept);
  }
  const byschema = kept;
  return (route) => {
    const schema = route.schema;
    if (!schema || typeof schema !== "object") return compile(route);
    let serializer = byschema.get(schema);
    if (!serializer) {
      serializer = compile(route);
      byschema.set(schema, serializer);
    }
    return serializer;
  };
}) as SerializerFactory;

/** Fastify's `schemaController` option: validators and serialisers compiled once per process. */
export const processWideSchemaCompilers = { compilersFactory: { buildValidator, buildSerializer } };
