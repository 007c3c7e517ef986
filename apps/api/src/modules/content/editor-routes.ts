import { EditorImportBody, EditorImportRejected, EditorImportResult } from "@davmu/contracts/editor-content";
import { Envelope, ErrorEnvelope } from "@davmu/contracts/envelope";
import { ErrorCode } from "@davmu/contracts/error-codes";
import type { PublicIdCodec } from "@davmu/contracts/public-id";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Config } from "../../plugins/config.ts";
import { editorKeyCheck } from "../../plugins/editor-key.ts";
import { importContents } from "./ingest.ts";

/** Editors' content ingestion (R-SRV-5), behind the editors' API key. */
export const editorContentRoutes: FastifyPluginAsyncTypebox<{ config: Config; codec: PublicIdCodec }> = async (
  app,
  { config, codec },
) => {
  app.post(
    "/editor/v1/contents",
    {
      onRequest: editorKeyCheck(config.editorApiKey),
      bodyLimit: 16 * 1024 * 1024,
      schema: {
        tags: ["editor"],
        summary:
          "Imports content items of any type, idempotent by external_id: all of the batch or, with a 400 naming each bad item and field, none of it",
        body: EditorImportBody,
        response: { 200: Envelope(EditorImportResult), 400: EditorImportRejected, "4xx": ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const outcome = await importContents(app.database.db, request.body, { encode: codec.encode });
      if (!outcome.ok) {
        const shown = outcome.errors
          .slice(0, 5)
          .map((e) => `第${e.index + 1}条${e.external_id ? `（${e.external_id}）` : ""} ${e.field}：${e.message}`);
        const more = outcome.errors.length > 5 ? ` 等${outcome.errors.length}处` : "";
        return reply.code(400).send({
          code: ErrorCode.badRequest,
          msg: `导入失败，未写入任何内容：${shown.join("；")}${more}`,
          data: { errors: outcome.errors },
        });
      }
      const { created, updated } = outcome.result;
      request.log.info({ created, updated }, "contents imported");
      return { code: 0, msg: "ok", data: outcome.result };
    },
  );
};
