import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { forbidden, unauthorized } from "../lib/api-error.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** onRequest hook of every editor call: the `x-api-key` header must hold EDITOR_API_KEY. */
    requireEditor: (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * The check of every editor endpoint: the `x-api-key` header must equal the configured
 * EDITOR_API_KEY (compared in constant time). While no key is configured the endpoints answer 403.
 */
export function editorKeyCheck(editorApiKey: string | null) {
  const expected = editorApiKey ? createHash("sha256").update(editorApiKey).digest() : null;
  return async function requireEditor(request: FastifyRequest) {
    if (!expected) throw forbidden("编辑接口未启用");
    const given = request.headers["x-api-key"];
    const digest = createHash("sha256")
      .update(typeof given === "string" ? given : "")
      .digest();
    if (!timingSafeEqual(digest, expected)) throw unauthorized("API key 无效");
  };
}

export const editorKeyPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate("requireEditor", editorKeyCheck(app.config.editorApiKey));
  },
  { name: "editor-key", dependencies: ["settings"] },
);
