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

/**
 * A headers schema's property names that are not lower-case: Node gives every header name lower-cased.
 * Looked for wherever Fastify's own lower-casing looked: the schema's `properties` and `required`, and
 * those of every subschema it combines (`allOf`, `anyOf`, `oneOf`, `if`/`then`/`else`, `not`,
 * `dependentSchemas`), and the names of `dependentRequired` and `dependencies`.
 */
export function headerNamesNotLowerCase(schema: unknown): string[] {
  const names = new Set<string>();
  const walk = (node: unknown) => {
    if (!node || typeof node !== "object") return;
    const part = node as Record<string, unknown>;
    const add = (list: unknown) => {
      if (Array.isArray(list)) for (const name of list) names.add(String(name));
    };
    if (part.properties && typeof part.properties === "object")
      for (const name of Object.keys(part.properties)) names.add(name);
    add(part.required);
    for (const key of ["allOf", "anyOf", "oneOf"]) if (Array.isArray(part[key])) for (const sub of part[key]) walk(sub);
    for (const key of ["if", "then", "else", "not"]) walk(part[key]);
    for (const key of ["dependentSchemas", "dependentRequired", "dependencies"]) {
      const map = part[key];
      if (!map || typeof map !== "object") continue;
      for (const [name, value] of Object.entries(map)) {
        names.add(name);
        if (Array.isArray(value)) add(value);
        else walk(value);
      }
    }
  };
  walk(schema);
  return [...names].filter((name) => name !== name.toLowerCase());
}

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
      const upper = headerNamesNotLowerCase(route.schema);
      if (upper.length > 0) {
        throw new Error(
          `${route.method} ${route.url}: headers are declared by their lower-case names (${upper.join(", ")})`,
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
