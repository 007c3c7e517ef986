import type { ApiModule } from "../../lib/api-module.ts";
import { wechatRouteOptions } from "./credentials.ts";
import { wechatRoutes } from "./routes.ts";

/** WeChat: the share signature. */
export const wechatModule: ApiModule = {
  name: "wechat",
  // with Redis, WeChat credentials are fetched once for the whole cluster
  routes: [{ plugin: wechatRoutes, options: (app) => wechatRouteOptions(app) }],
};
