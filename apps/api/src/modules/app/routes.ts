import { calls } from "@davmu/contracts/calls";
import type { FastifyInstance } from "fastify";
import { badRequest } from "../../lib/api-error.ts";
import { route } from "../../lib/route.ts";

/** App info, the runtime site config and the legal texts; editors replace the legal texts. */
export async function appRoutes(app: FastifyInstance) {
  const repository = app.appSettings;

  const appInfo = async () => ({
    code: 0,
    msg: "ok",
    data: { app_info: JSON.stringify(await repository.appInfo()) },
  });
  route(app, calls.group, appInfo);
  route(app, calls.appInfo, appInfo);

  route(app, calls.siteConfig, async () => ({ code: 0, msg: "ok", data: await repository.siteConfig() }));

  route(app, calls.agreement, async (request) => ({
    code: 0,
    msg: "ok",
    data: await repository.agreement(request.params.kind),
  }));

  route(app, calls.saveAgreement, async (request) => {
    // a text of blanks would wipe the agreement visitors must accept: refused, the old one stays
    if (request.body.content.trim() === "") throw badRequest("协议内容不能为空");
    const data = await repository.saveAgreement(request.params.kind, request.body);
    request.log.info({ kind: data.kind, paragraphs: data.paragraphs.length }, "agreement saved");
    return { code: 0, msg: "ok", data };
  });
}
