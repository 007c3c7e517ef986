export * from "./api.ts";
export { ConfigError, type Env, readEnv } from "./read.ts";
export * from "./schema.ts";
export * from "./site.ts";
