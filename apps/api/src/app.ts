import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { createPublicIdCodec } from "@davmu/contracts/public-id";
import { siteBase } from "@davmu/contracts/site-path";
import { type EarlyAnswer, sitePlugin } from "@davmu/web/server/plugin.ts";
import fastifyCompress from "@fastify/compress";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, { type FastifyServerOptions } from "fastify";
import type { DatabaseHandle } from "./db/database.ts";
import { accountRoutes } from "./modules/accounts/routes.ts";
import { editorAppRoutes } from "./modules/app/editor-routes.ts";
import { appRoutes } from "./modules/app/routes.ts";
import { editorContentRoutes } from "./modules/content/editor-routes.ts";
import { contentRoutes } from "./modules/content/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { interactionRoutes } from "./modules/interaction/routes.ts";
import { searchRoutes } from "./modules/search/routes.ts";
import { authPlugin } from "./plugins/auth.ts";
import type { Config } from "./plugins/config.ts";
import { contentsPlugin } from "./plugins/contents.ts";
import { dbPlugin } from "./plugins/db.ts";
import { errorsPlugin } from "./plugins/errors.ts";
import { mediaPlugin } from "./plugins/media.ts";
import { openapiPlugin } from "./plugins/openapi.ts";
import { rateLimitPlugin } from "./plugins/rate-limit.ts";

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
  await app.register(dbPlugin, { config, database: options.database });
  await app.register(healthRoutes);

  if (config.serveApi) {
    const codec = createPublicIdCodec(config.hashidSalt, config.hashidMinLength);
    await app.register(authPlugin);
    await app.register(rateLimitPlugin);
    await app.register(contentsPlugin);
    await app.register(accountRoutes, { config, codec });
    await app.register(interactionRoutes, { config, codec });
    await app.register(appRoutes);
    await app.register(contentRoutes, { config, codec });
    await app.register(editorContentRoutes, { config, codec });
    await app.register(editorAppRoutes, { config });
    await app.register(searchRoutes, { config, codec });
    await app.register(mediaPlugin, { root: config.mediaDir });
  }

  if (config.serveWeb) {
    await app.register(sitePlugin, {
      buildDir: config.webBuildDir,
      development: config.env === "development",
      publicApiBase: config.publicApiBase,
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
