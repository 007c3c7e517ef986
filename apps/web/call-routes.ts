import { fileURLToPath, pathToFileURL } from "node:url";
import type { Plugin } from "vite";

const callsModule = fileURLToPath(new URL("../../packages/contracts/src/calls.ts", import.meta.url));

/** What a browser needs of a declaration to make the call: no schema travels to the browser. */
interface RouteOfCall {
  method: string;
  path: string;
  access: string;
  requestId?: false;
}

/**
 * The browser build gets the call declarations (`@davmu/contracts/calls`) as their route table: each
 * call's method, path and access, read from the declarations themselves at build time. The client
 * calls by the same names; the schemas, which only the servers check answers with, stay out of the
 * page's JavaScript (TypeBox and every schema would cost about 5 KB gzip per page).
 */
export function callRoutes(): Plugin {
  return {
    name: "davmu:call-routes",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    async load(id) {
      if (id.split("?")[0] !== callsModule) return null;
      const { calls } = (await import(pathToFileURL(callsModule).href)) as {
        calls: Record<string, RouteOfCall>;
      };
      const table: Record<string, RouteOfCall> = {};
      for (const [name, call] of Object.entries(calls)) {
        table[name] = { method: call.method, path: call.path, access: call.access };
        if (call.requestId === false) table[name].requestId = false;
      }
      return `export const calls = ${JSON.stringify(table)};\n`;
    },
  };
}
