import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { forbidden, unauthorized } from "../lib/api-error.ts";

/**
 * The check of the editors' key, taken by the content import alone (machine to machine, R-CONSOLE-2):
 * the `x-api-key` header must equal the configured EDITOR_API_KEY (compared in constant time). While
 * no key is configured it answers 403. Every other editors' call needs an editor's own session.
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
