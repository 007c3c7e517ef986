import { Agreement, AgreementParams, AgreementUpdate } from "@davmu/contracts/app";
import { Envelope, ErrorEnvelope } from "@davmu/contracts/envelope";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { badRequest } from "../../lib/api-error.ts";
import type { Config } from "../../plugins/config.ts";
import { editorKeyCheck } from "../../plugins/editor-key.ts";
import { createAppRepository } from "./repository.ts";

/** Editors write the organisation's legal texts, behind the editors' API key. */
export const editorAppRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const repository = createAppRepository(app.database.db);
  app.put(
    "/editor/v1/agreements/:kind",
    {
      onRequest: editorKeyCheck(config.editorApiKey),
      schema: {
        tags: ["editor"],
        summary: "Replaces the user agreement or the privacy policy (plain text, a blank line between paragraphs)",
        params: AgreementParams,
        body: AgreementUpdate,
        response: { 200: Envelope(Agreement), "4xx": ErrorEnvelope },
      },
    },
    async (request) => {
      // a text of blanks would wipe the agreement visitors must accept: refused, the old one stays
      if (request.body.content.trim() === "") throw badRequest("协议内容不能为空");
      const data = await repository.saveAgreement(request.params.kind, request.body);
      request.log.info({ kind: data.kind, paragraphs: data.paragraphs.length }, "agreement saved");
      return { code: 0, msg: "ok", data };
    },
  );
};
