import { calls } from "@davmu/contracts/calls";
import { siteBase } from "@davmu/contracts/site-path";
import type { FastifyInstance } from "fastify";
import { ApiError, badRequest } from "../../lib/api-error.ts";
import { loggedUrl } from "../../lib/log-url.ts";
import { route } from "../../lib/route.ts";
import { refuseSignedUrl } from "./signature.ts";
import { createWechatSigner, type WechatSigner } from "./signer.ts";

/** Without WeChat credentials: the call says so, and nothing else changes (R-API-WXCONFIG). */
const notConfigured = () => new ApiError(404, 404, "未配置微信分享");
/** WeChat failed: no config, logged; the page goes on without the SDK (R-WX-3). */
const signingUnavailable = () => new ApiError(503, 503, "微信签名暂不可用");

const absolute = (url: string, origin: string) => (url ? new URL(url, `${origin}/`).href : "");

/**
 * WeChat sharing: the JS-SDK signing config for a page (getCWXconfig) and the site's share config.
 * `signer` replaces the one made from the configuration (a cluster-wide store, say).
 */
export async function wechatRoutes(app: FastifyInstance, options: { signer?: WechatSigner } = {}) {
  const config = app.config.wechat;
  const signer = options.signer ?? (config ? createWechatSigner(config) : null);
  if (!signer) app.log.info("WeChat signing not configured (WECHAT_APP_ID, WECHAT_APP_SECRET)");

  route(app, calls.wxSignConfig, async (request) => {
    if (!signer) throw notConfigured();
    const url = request.query.path;
    const refused = refuseSignedUrl(url, app.config.publicOrigin);
    if (refused) throw badRequest(refused);
    try {
      return { code: 0, msg: "ok", data: await signer.sign(url) };
    } catch (error) {
      request.log.warn({ err: error, url: loggedUrl(url) }, "WeChat signing failed");
      throw signingUnavailable();
    }
  });

  route(app, calls.wxShare, async () => {
    const site = await app.appSettings.siteConfig();
    const origin = app.config.publicOrigin;
    return {
      code: 0,
      msg: "ok",
      data: {
        title: site.site_name,
        desc: site.descriptions,
        link: `${origin}${siteBase}`,
        imgUrl: absolute(site.site_logo, origin),
        jssdk: signer !== null,
      },
    };
  });
}
