import { calls } from "@davmu/contracts/calls";
import { ErrorCode } from "@davmu/contracts/error-codes";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route.ts";
import { importContents } from "./ingest.ts";

/** Editors' content ingestion (R-SRV-5), behind the editors' key. */
export async function editorContentRoutes(app: FastifyInstance) {
  const { publicIds } = app;
  route(
    app,
    calls.importContents,
    async (request, reply) => {
      const outcome = await importContents(app.database.db, request.body, {
        encode: publicIds.encode,
        // the batch's record, in its transaction: who imported which items (R-CONSOLE-3)
        onWritten: (trx, result) => app.auditWrite(request, trx, { target: "contents", before: null, after: result }),
      });
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
      // cached answers and pages of the imported items (and of those relating to them) are dropped
      for (const item of outcome.result.items) {
        const id = publicIds.decode(item.post_id);
        if (id !== null) app.contentChanges.publish(id);
      }
      const { created, updated } = outcome.result;
      request.log.info({ created, updated }, "contents imported");
      return { code: 0, msg: "ok", data: outcome.result };
    },
    { bodyLimit: 16 * 1024 * 1024 },
  );
}
