import type { SiteConfig, SiteSettings } from "@davmu/contracts/app";
import { calls } from "@davmu/contracts/calls";
import { browserOf } from "@davmu/contracts/user-agent";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { badRequest, notFound } from "../../lib/api-error.ts";
import { route } from "../../lib/route.ts";
import { createAppRepository } from "./repository.ts";

/** Whether a request comes from an iPhone, iPad or iPod (every other phone gets the Android address). */
const isIos = (request: FastifyRequest) => browserOf(request.headers["user-agent"] ?? "").os === "ios";

/** App info, the runtime site config, the legal texts and the app download address; editors set the last two. */
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
    const kind = request.params.kind;
    const data = await app.auditedChange(request, `agreement:${kind}`, async (trx) => {
      const inTransaction = createAppRepository(trx);
      const before = await inTransaction.agreement(kind);
      const after = await inTransaction.saveAgreement(kind, request.body);
      return { result: after, before, after };
    });
    request.log.info({ kind: data.kind, paragraphs: data.paragraphs.length }, "agreement saved");
    return { code: 0, msg: "ok", data };
  });

  route(app, calls.appDownloadUrl, async (request) => {
    const urls = await repository.appDownloadUrls();
    if (!urls) throw notFound("尚未配置应用下载地址");
    const platform = request.query.platform ?? (isIos(request) ? "ios" : "android");
    return { code: 0, msg: "ok", data: JSON.stringify({ url: urls[platform] }) };
  });

  route(app, calls.saveAppDownloadUrls, async (request) => {
    const data = await app.auditedChange(request, "app:download_urls", async (trx) => {
      const inTransaction = createAppRepository(trx);
      const before = await inTransaction.appDownloadUrls();
      const after = await inTransaction.saveAppDownloadUrls(request.body);
      return { result: after, before, after };
    });
    request.log.info({ urls: data }, "app download addresses saved");
    return { code: 0, msg: "ok", data };
  });

  const settingsOf = ({ site_name, descriptions, site_logo }: SiteConfig): SiteSettings => ({
    site_name,
    descriptions,
    site_logo,
  });

  route(app, calls.siteSettings, async () => ({
    code: 0,
    msg: "ok",
    data: settingsOf(await repository.siteConfig()),
  }));

  /** The site's name, description and logo (admin), audited with the values before and after. */
  route(app, calls.saveSiteSettings, async (request) => {
    const data = await app.auditedChange(request, "site:settings", async (trx) => {
      const inTransaction = createAppRepository(trx);
      const before = settingsOf(await inTransaction.siteConfig());
      const after = await inTransaction.saveSiteSettings(request.body);
      return { result: after, before, after };
    });
    request.log.info({ site: data.site_name }, "site settings saved");
    return { code: 0, msg: "ok", data };
  });
}
