import { Agreement, AgreementParams, AppInfoEnvelopeData, AppInfoQuery, SiteConfig } from "@davmu/contracts/app";
import { Envelope, ErrorEnvelope } from "@davmu/contracts/envelope";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { createAppRepository } from "./repository.ts";

export const appRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const repository = createAppRepository(app.database.db);
  app.addHook("onRequest", app.requireSession);

  const appInfoSchema = {
    tags: ["app"],
    querystring: AppInfoQuery,
    response: { 200: Envelope(AppInfoEnvelopeData), "4xx": ErrorEnvelope },
  };
  const appInfo = async () => ({
    code: 0,
    msg: "ok",
    data: { app_info: JSON.stringify(await repository.appInfo()) },
  });
  app.get("/peony/v1/group", { schema: { ...appInfoSchema, summary: "App info (group)" } }, appInfo);
  app.get(
    "/peony/v1/app/info",
    { schema: { ...appInfoSchema, summary: "App info: theme colour and bottom navigation (data.app_info is JSON)" } },
    appInfo,
  );

  app.get(
    "/inner/static/data",
    {
      schema: {
        tags: ["app"],
        summary: "Runtime site config: site name, description, logo",
        response: { 200: Envelope(SiteConfig), "4xx": ErrorEnvelope },
      },
    },
    async () => ({ code: 0, msg: "ok", data: await repository.siteConfig() }),
  );

  app.get(
    "/inner/static/agreement/:kind",
    {
      schema: {
        tags: ["app"],
        summary: "The organisation's user agreement (user) or privacy policy (privacy), as paragraphs",
        params: AgreementParams,
        response: { 200: Envelope(Agreement), "4xx": ErrorEnvelope },
      },
    },
    async (request) => ({ code: 0, msg: "ok", data: await repository.agreement(request.params.kind) }),
  );
};
