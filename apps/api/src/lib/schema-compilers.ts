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
 * the key, so a kept function is the one the server would have compiled.
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

/** A headers schema's property names that are not lower-case: Node gives every header name lower-cased. */
export function headerNamesNotLowerCase(schema: unknown): string[] {
  if (!schema || typeof schema !== "object") return [];
  const properties = (schema as { properties?: Record<string, unknown> }).properties ?? {};
  const required = (schema as { required?: unknown }).required;
  const names = [...Object.keys(properties), ...(Array.isArray(required) ? required.map(String) : [])];
  return [...new Set(names.filter((name) => name !== name.toLowerCase()))];
}

/** What Fastify gives a validator compiler for each part of a route (its own types name only the schema). */
interface ValidatedPart {
  schema: unknown;
  method: string;
  url: string;
  httpPart?: string;
}

const buildValidator = ((externalSchemas, options) => {
  const compile = validatorPool(externalSchemas, options);
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
