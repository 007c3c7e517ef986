import { randomUUID } from "node:crypto";
import { siteBase } from "@davmu/contracts/site-path";
import { sitePlugin } from "@davmu/web/server/plugin.ts";
import fastifyCompress from "@fastify/compress";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, { type FastifyReply, type FastifyServerOptions } from "fastify";
import type { DatabaseHandle } from "./db/database.ts";
import { type ModuleContext, registerRoutes, repositoriesInOrder } from "./lib/api-module.ts";
import { isValidHost, trustProxyOption } from "./lib/client-address.ts";
import { loggedRequest } from "./lib/log-url.ts";
import { processWideSchemaCompilers } from "./lib/schema-compilers.ts";
import { apiModules } from "./modules.ts";
import type { Config } from "./plugins/config.ts";
import { dbPlugin } from "./plugins/db.ts";
import { errorsPlugin } from "./plugins/errors.ts";
import { housekeepingPlugin } from "./plugins/housekeeping.ts";
import { mediaPlugin } from "./plugins/media.ts";
import { metricsPlugin } from "./plugins/metrics.ts";
import { openapiPlugin } from "./plugins/openapi.ts";
import { pictureWorkPlugin } from "./plugins/picture-work.ts";
import { rateLimitPlugin } from "./plugins/rate-limit.ts";
import { redisPlugin, remoteContentChanges, sharedChangesPlugin } from "./plugins/redis.ts";
import { headersByPath, securityHeaderList, storedFileHeaderList } from "./plugins/security-headers.ts";
import { settingsPlugin } from "./plugins/settings.ts";
import { earlyAnswerChain } from "./server/early-answers.ts";
import { serverFactory } from "./server/factory.ts";
import { installGlobalHooks } from "./server/hooks.ts";
import { installShutdown, shutdownState } from "./server/shutdown.ts";

/**
 * The largest answer the HTTP layer compresses in one call (`@fastify/compress`'s `syncThreshold`,
 * whose default is 8 KiB on two cores and 4 KiB on more): at brotli 4 a 64 KiB answer holds the event
 * loop well under a millisecond, and the stream it would take instead costs more CPU than that
 * (decision 084).
 */
export const apiCompressSyncBytes = 64 * 1024;

export interface BuildOptions {
  /** An already open database (tests share one); closed by its owner, not by the app. */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions["logger"];
}

/**
 * Composes the server in layers (decision 048): infrastructure plugins (errors, database, auth,
 * OpenAPI), then the API's modules from their list (`modules.ts`), then the share site.
 */
export async function buildApp(config: Config, options: BuildOptions = {}) {
  const securityHeaders = securityHeaderList(config.publicOrigin);
  const headersFor = headersByPath(securityHeaders);
  const earlyAnswers = earlyAnswerChain(securityHeaders);
  const shutdown = shutdownState();
  const app = Fastify({
    // every request is logged with its URL: what a query must not leave in a log is taken out (log-url.ts)
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof options.logger === "object" ? options.logger : {}),
            serializers: { req: loggedRequest },
          },
    serverFactory: serverFactory(config, { earlyAnswers, shutdown, headersFor }),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // the client's address comes from X-Forwarded-For only through the proxies configured (R-SEC-PROXY)
    trustProxy: trustProxyOption(config.ops.trustProxy),
    // server.close() closes idle connections (after the grace of a drain); requests on open ones are answered
    forceCloseConnections: false,
    return503OnClosing: false,
    // the router's own refusals (a path parameter too long, a malformed URL) answer the envelope too
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === "FST_ERR_MAX_PARAM_LENGTH";
      const status = tooLong ? 414 : 400;
      const envelope = { code: status, msg: tooLong ? "路径参数过长" : "请求路径无效", data: null };
      return (reply as FastifyReply).code(status).send(envelope);
    },
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    // each route's schemas compiled once per process, not once per server (decision 093)
    schemaController: processWideSchemaCompilers,
  }).withTypeProvider<TypeBoxTypeProvider>();

  installShutdown(app, shutdown);
  installGlobalHooks(app, config, { shutdown, headersFor });
  const context: ModuleContext = { earlyAnswers: () => earlyAnswers.options() };

  // a start that fails part way (a migration refused, the site's build missing) closes what the
  // plugins registered so far opened (the database's pool, Redis, timers): nothing outlives it
  try {
    // JSON, static files and other answers over 1 KiB, in brotli or gzip (pages compress themselves while
    // streaming); an answer up to 64 KiB in one call on the event loop, not through a stream in zlib's
    // pool, whose set-up costs more than compressing it (decision 084)
    await app.register(fastifyCompress, {
      global: true,
      threshold: 1024,
      syncThreshold: apiCompressSyncBytes,
      encodings: ["br", "gzip"],
    });
    await app.register(errorsPlugin);
    await app.register(openapiPlugin, { ui: config.ops.serveDocs });
    await app.register(settingsPlugin, { config });
    await app.register(dbPlugin, { config, database: options.database });
    await app.register(metricsPlugin);
    const { countEarlyAnswer, countAnswer } = app.metrics;
    await app.register(redisPlugin);
    for (const module of apiModules) if (module.everyProcess) await registerRoutes(app, module, context);

    if (config.serveApi) {
      const modules = apiModules.filter((module) => !module.everyProcess);
      // infrastructure the modules build on
      for (const module of modules) for (const plugin of module.foundation ?? []) await app.register(plugin);
      await app.register(rateLimitPlugin);
      await app.register(housekeepingPlugin);
      // uploaded pictures are decoded and remade a bounded number at a time (R-REL-5)
      await app.register(pictureWorkPlugin);
      // repositories: one instance each per app, each naming what it depends on
      for (const plugin of repositoriesInOrder(modules)) await app.register(plugin);
      // with Redis, content changes and revocations reach every instance
      await app.register(sharedChangesPlugin);
      // routes by area, each registering its calls from their declarations (@davmu/contracts/calls)
      for (const module of modules) await registerRoutes(app, module, context);
      await app.register(mediaPlugin, { root: config.mediaDir });
    }

    if (config.serveWeb) {
      await app.register(sitePlugin, {
        buildDir: config.webBuildDir,
        development: config.env === "development",
        publicApiBase: config.publicApiBase,
        statBase: config.statBase,
        linkFrameOrigins: config.linkFrameOrigins,
        // a site-only process hears the API instances' changes through Redis, when there is one
        contentChanges: app.hasDecorator("contentChanges") ? app.contentChanges : remoteContentChanges(app),
        // a Host a URL cannot be built on goes to Fastify (which refuses it)
        installEarlyAnswer: (answer, kind) => {
          // every request passes through this: only a built file's answer is timed (its latency is counted)
          const timed = kind === "file";
          earlyAnswers.first((req, res) => {
            const started = timed ? performance.now() : 0;
            if (!isValidHost(req.headers.host ?? "") || !answer(req, res)) return false;
            if (timed)
              countAnswer("built-file", req.method ?? "GET", res.statusCode, (performance.now() - started) / 1000);
            else countEarlyAnswer();
            return true;
          });
        },
        // an early answer writes a kept page's headers alone: the page keeps the security headers too
        hostHeaders: securityHeaders,
        // the built files answered early carry a stored file's headers (decision 078)
        storedFileHeaders: storedFileHeaderList(securityHeaders),
        // the site's server-side calls reach the API here in process (inject), not over HTTP to itself
        apiInProcess: config.serveApi,
        // pages rendered at once; the others wait their turn (decision 082)
        render: config.webRender,
      });
      app.get("/", (_request, reply) => reply.redirect(siteBase, 302));
    }
  } catch (error) {
    await app.close().catch(() => {});
    throw error;
  }

  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
