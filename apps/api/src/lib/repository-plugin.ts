import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * A repository as a plugin (decision 022): made once per app from what the app already holds, and
 * decorated under `key`; Fastify refuses to start when a plugin it depends on is not registered first.
 * The module declares the decorator's type beside its repository (`declare module "fastify"`).
 */
export function repositoryPlugin<K extends keyof FastifyInstance>(
  name: string,
  key: K,
  make: (app: FastifyInstance) => FastifyInstance[K],
  dependencies: string[] = ["db"],
) {
  return fp(
    async (app: FastifyInstance) => {
      // the key's type is declared by the module; decorate's overloads cannot follow a generic key
      app.decorate(key as string, make(app) as unknown);
    },
    { name, dependencies },
  );
}
