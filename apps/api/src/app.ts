import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { siteBase } from "@davmu/contracts/site-path";
import { type EarlyAnswer, sitePlugin } from "@davmu/web/server/plugin.ts";
import fastifyCompress from "@fastify/compress";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, { type FastifyServerOptions } from "fastify";
import type { DatabaseHandle } from "./db/database.ts";
import { accountsPlugin } from "./modules/accounts/plugin.ts";
import { accountRoutes } from "./modules/accounts/routes.ts";
import { appSettingsPlugin } from "./modules/app/repository.ts";
import { appRoutes } from "./modules/app/routes.ts";
import { commentModerationRoutes } from "./modules/comments/editor-routes.ts";
import { commentsPlugin } from "./modules/comments/repository.ts";
import { commentRoutes } from "./modules/comments/routes.ts";
import { editorContentRoutes } from "./modules/content/editor-routes.ts";
import { contentRoutes } from "./modules/content/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { mediaAccountsPlugin } from "./modules/media-accounts/repository.ts";
import { mediaAccountRoutes } from "./modules/media-accounts/routes.ts";
import { openAppPlugin } from "./modules/open-app/repository.ts";
import { openAppRoutes } from "./modules/open-app/routes.ts";
import { reactionsPlugin } from "./modules/reactions/repository.ts";
import { reactionRoutes } from "./modules/reactions/routes.ts";
import { searchIndexPlugin } from "./modules/search/repository.ts";
import { searchRoutes } from "./modules/search/routes.ts";
import { statsRoutes } from "./modules/stats/routes.ts";
import { trackingPlugin } from "./modules/tracking/repository.ts";
import { trackingRoutes } from "./modules/tracking/routes.ts";
import { wechatRoutes } from "./modules/wechat/routes.ts";
import { authPlugin } from "./plugins/auth.ts";
import type { Config } from "./plugins/config.ts";
import { contentsPlugin } from "./plugins/contents.ts";
import { dbPlugin } from "./plugins/db.ts";
import { editorKeyPlugin } from "./plugins/editor-key.ts";
import { errorsPlugin } from "./plugins/errors.ts";
import { mediaPlugin } from "./plugins/media.ts";
import { openapiPlugin } from "./plugins/openapi.ts";
import { rateLimitPlugin } from "./plugins/rate-limit.ts";
import { settingsPlugin } from "./plugins/settings.ts";

export interface BuildOptions {
  /** An already open database (tests share one); closed by its owner, not by the app. */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions["logger"];
}

/**
 * Composes the server in layers: infrastructure plugins (errors, database, auth, OpenAPI),
 * then the API's modules, then the share site.
 */
export async function buildApp(config: Config, options: BuildOptions = {}) {
  // a cached page is answered from the server's request event, before Fastify (apps/web/server/)
  let front: EarlyAnswer | null = null;
  let closing = false;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    serverFactory: (handler) => {
      // while shutting down, every request goes to Fastify, which answers it 503 and closes
      const server = createServer((req, res) => {
        if (closing || front === null || !front(req, res)) handler(req, res);
      });
      // Fastify's defaults, which it sets on a server it makes itself
      server.keepAliveTimeout = 72_000;
      server.requestTimeout = 0;
      server.setTimeout(0);
      return server;
    },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: true,
    forceCloseConnections: "idle",
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // while shutting down, answers close their keep-alive connection so the server can finish
  app.addHook("preClose", async () => {
    closing = true;
  });
  // callback hooks rather than async ones: these run for every answer, and a promise each is measurable
  app.addHook("onSend", (request, reply, payload, done) => {
    reply.header("x-trace-id", request.id);
    if (closing) reply.header("connection", "close");
    done(null, payload);
  });

  // JSON, static files and other answers over 1 KiB, in brotli or gzip (pages compress themselves while streaming)
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });
  await app.register(errorsPlugin);
  await app.register(openapiPlugin);
  await app.register(settingsPlugin, { config });
  await app.register(dbPlugin, { config, database: options.database });
  await app.register(healthRoutes);

  if (config.serveApi) {
    // infrastructure the modules build on
    await app.register(authPlugin);
    await app.register(editorKeyPlugin);
    await app.register(rateLimitPlugin);
    // repositories: one instance each per app, each naming what it depends on
    await app.register(contentsPlugin);
    await app.register(accountsPlugin);
    await app.register(commentsPlugin);
    await app.register(reactionsPlugin);
    await app.register(mediaAccountsPlugin);
    await app.register(appSettingsPlugin);
    await app.register(searchIndexPlugin);
    await app.register(openAppPlugin);
    await app.register(trackingPlugin);
    // routes by area, each registering its calls from their declarations (@davmu/contracts/calls)
    await app.register(accountRoutes);
    await app.register(commentRoutes);
    await app.register(reactionRoutes);
    await app.register(mediaAccountRoutes);
    await app.register(appRoutes);
    await app.register(contentRoutes);
    await app.register(searchRoutes);
    await app.register(editorContentRoutes);
    await app.register(commentModerationRoutes);
    await app.register(trackingRoutes);
    await app.register(statsRoutes);
    await app.register(wechatRoutes);
    await app.register(openAppRoutes);
    await app.register(mediaPlugin, { root: config.mediaDir });
  }

  if (config.serveWeb) {
    await app.register(sitePlugin, {
      buildDir: config.webBuildDir,
      development: config.env === "development",
      publicApiBase: config.publicApiBase,
      statBase: config.statBase,
      linkFrameOrigins: config.linkFrameOrigins,
      contentChanges: app.hasDecorator("contentChanges") ? app.contentChanges : undefined,
      installEarlyAnswer: (answer) => {
        front = answer;
      },
    });
    app.get("/", (_request, reply) => reply.redirect(siteBase, 302));
  }

  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
