import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { siteBase } from "@davmu/contracts/site-path";
import { sitePlugin } from "@davmu/web/server/plugin.ts";
import fastifyCompress from "@fastify/compress";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, { type FastifyError, type FastifyReply, type FastifyServerOptions } from "fastify";
import type { DatabaseHandle } from "./db/database.ts";
import { badRequest } from "./lib/api-error.ts";
import { badHostHeader, isValidHost, trustProxyOption } from "./lib/client-address.ts";
import type { EarlyAnswer, EarlyAnswerOptions } from "./lib/early-answer.ts";
import { hasUnsafeNumber } from "./lib/safe-numbers.ts";
import { accountsPlugin } from "./modules/accounts/plugin.ts";
import { accountRoutes } from "./modules/accounts/routes.ts";
import { activityRoutes } from "./modules/activities/routes.ts";
import { appSettingsPlugin } from "./modules/app/repository.ts";
import { appRoutes } from "./modules/app/routes.ts";
import { circlesPlugin } from "./modules/circles/repository.ts";
import { circleRoutes } from "./modules/circles/routes.ts";
import { clueReportCommentRoutes } from "./modules/clue-reports/comments.ts";
import { clueReportRoutes } from "./modules/clue-reports/routes.ts";
import { commentModerationRoutes } from "./modules/comments/editor-routes.ts";
import { commentsPlugin } from "./modules/comments/repository.ts";
import { commentRoutes } from "./modules/comments/routes.ts";
import { editorContentRoutes } from "./modules/content/editor-routes.ts";
import { contentRoutes } from "./modules/content/routes.ts";
import { formRoutes } from "./modules/forms/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { inviteRoutes } from "./modules/invites/routes.ts";
import { lawPlugin } from "./modules/law/repository.ts";
import { lawRoutes } from "./modules/law/routes.ts";
import { lbsRoutes } from "./modules/lbs/routes.ts";
import { livePlugin } from "./modules/live/plugin.ts";
import { liveRoutes } from "./modules/live/routes.ts";
import { mpContentRoutes } from "./modules/media-accounts/content-route.ts";
import { mediaAccountsPlugin } from "./modules/media-accounts/repository.ts";
import { mediaAccountRoutes } from "./modules/media-accounts/routes.ts";
import { openAppPlugin } from "./modules/open-app/repository.ts";
import { openAppRoutes } from "./modules/open-app/routes.ts";
import { pichoRoutes } from "./modules/picho/routes.ts";
import { previewsPlugin } from "./modules/preview/repository.ts";
import { previewRoutes } from "./modules/preview/routes.ts";
import { reactionsPlugin } from "./modules/reactions/repository.ts";
import { reactionRoutes } from "./modules/reactions/routes.ts";
import { searchIndexPlugin } from "./modules/search/repository.ts";
import { searchRoutes } from "./modules/search/routes.ts";
import { statsRoutes } from "./modules/stats/routes.ts";
import { tipRoutes } from "./modules/tips/routes.ts";
import { trackingPlugin } from "./modules/tracking/repository.ts";
import { trackingRoutes } from "./modules/tracking/routes.ts";
import { wechatRoutes } from "./modules/wechat/routes.ts";
import { authPlugin } from "./plugins/auth.ts";
import type { Config } from "./plugins/config.ts";
import { contentsPlugin } from "./plugins/contents.ts";
import { dbPlugin } from "./plugins/db.ts";
import { editorKeyPlugin } from "./plugins/editor-key.ts";
import { errorsPlugin } from "./plugins/errors.ts";
import { housekeepingPlugin } from "./plugins/housekeeping.ts";
import { mediaPlugin } from "./plugins/media.ts";
import { metricsPlugin } from "./plugins/metrics.ts";
import { openapiPlugin } from "./plugins/openapi.ts";
import { pictureWorkPlugin } from "./plugins/picture-work.ts";
import { rateLimitPlugin } from "./plugins/rate-limit.ts";
import { redisPlugin, remoteContentChanges, sharedChangesPlugin } from "./plugins/redis.ts";
import { wechatRouteOptions } from "./plugins/redis-credentials.ts";
import { applySecurityHeaders, secureCookies, securityHeaderList } from "./plugins/security-headers.ts";
import { settingsPlugin } from "./plugins/settings.ts";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Graceful stop (SIGTERM): stops accepting connections; for `graceMs`, requests arriving on open
     * keep-alive connections are still answered, each with `Connection: close`; then idle connections
     * are closed, in-flight requests finish, and the app closes.
     */
    drain(graceMs: number): Promise<void>;
  }
}

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
  // kept pages (apps/web/server/), kept content answers and the tracking beacon are answered from the
  // server's request event, before Fastify (lib/early-answer.ts), in this order
  const earlyAnswers: EarlyAnswer[] = [];
  const earlyAnswerOptions = (): EarlyAnswerOptions => ({
    installEarlyAnswer: (answer) => {
      earlyAnswers.push(answer);
    },
    hostHeaders: securityHeaders,
  });
  let closing = false;
  // while draining, idle keep-alive connections stay open so a request already on its way is answered
  let holdIdle = false;
  let closeIdleConnections = () => {};
  let countEarlyAnswer = () => {};
  const securityHeaders = securityHeaderList(config.publicOrigin);
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    serverFactory: (handler) => {
      const server = createServer(
        {
          // a client sending its request slowly is cut off (408) rather than holding a socket (R-REL-1)
          requestTimeout: config.ops.requestTimeoutMs,
          headersTimeout: config.ops.headersTimeoutMs,
          keepAliveTimeout: 72_000,
          // how often those are checked (Node's default of 30 s would let a slow client stay that much longer)
          connectionsCheckingInterval: 1000,
        },
        (req, res) => {
          // while shutting down, or when no early answer takes it, the request goes to Fastify
          if (!closing) for (const answer of earlyAnswers) if (answer(req, res)) return;
          // early answers carry these already (hostHeaders): set for Fastify's answers only
          applySecurityHeaders(res, securityHeaders);
          handler(req, res);
        },
      );
      server.setTimeout(0);
      const closeIdle = server.closeIdleConnections.bind(server);
      closeIdleConnections = closeIdle;
      server.closeIdleConnections = () => {
        if (!holdIdle) closeIdle();
      };
      return server;
    },
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
  }).withTypeProvider<TypeBoxTypeProvider>();

  // while shutting down, answers close their keep-alive connection so the server can finish
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.decorate("drain", async (graceMs: number) => {
    holdIdle = graceMs > 0;
    const closed = app.close();
    const grace = setTimeout(() => {
      holdIdle = false;
      closeIdleConnections();
      const again = setInterval(closeIdleConnections, 100);
      void closed.finally(() => clearInterval(again));
    }, graceMs);
    void closed.finally(() => clearTimeout(grace));
    await closed;
  });
  // a Host, X-Forwarded-Host or X-Forwarded-Proto no URL can be built on answers 400 (R-SRV-4)
  app.addHook("onRequest", (request, reply, done) => {
    // requests made without the server's request event (injected ones) get the security headers here
    if (!reply.raw.hasHeader("x-content-type-options")) applySecurityHeaders(reply.raw, securityHeaders);
    const bad = badHostHeader(request.headers);
    if (bad) done(badRequest(`请求头 ${bad} 无效`) as unknown as FastifyError);
    else done();
  });
  // numbers no database takes (Infinity, past 2^53) are refused before any handler sees them (R-SRV-4)
  app.addHook("preHandler", (request, _reply, done) => {
    const unsafe = hasUnsafeNumber(request.query) || hasUnsafeNumber(request.params) || hasUnsafeNumber(request.body);
    if (unsafe) done(badRequest("参数错误：数值超出范围") as unknown as FastifyError);
    else done();
  });
  // callback hooks rather than async ones: these run for every answer, and a promise each is measurable
  const httpsOnly = config.publicOrigin.startsWith("https:");
  app.addHook("onSend", (request, reply, payload, done) => {
    reply.header("x-trace-id", request.id);
    if (closing) reply.header("connection", "close");
    if (httpsOnly) secureCookies(reply);
    done(null, payload);
  });

  // JSON, static files and other answers over 1 KiB, in brotli or gzip (pages compress themselves while streaming)
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });
  await app.register(errorsPlugin);
  await app.register(openapiPlugin, { ui: config.ops.serveDocs });
  await app.register(settingsPlugin, { config });
  await app.register(dbPlugin, { config, database: options.database });
  await app.register(metricsPlugin);
  countEarlyAnswer = app.metrics.countEarlyAnswer;
  await app.register(redisPlugin);
  await app.register(healthRoutes);

  if (config.serveApi) {
    // infrastructure the modules build on
    await app.register(authPlugin);
    await app.register(editorKeyPlugin);
    await app.register(rateLimitPlugin);
    await app.register(housekeepingPlugin);
    // uploaded pictures are decoded and remade a bounded number at a time (R-REL-5)
    await app.register(pictureWorkPlugin);
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
    await app.register(previewsPlugin);
    await app.register(livePlugin);
    await app.register(circlesPlugin);
    await app.register(lawPlugin);
    // with Redis, content changes and revocations reach every instance
    await app.register(sharedChangesPlugin);
    // routes by area, each registering its calls from their declarations (@davmu/contracts/calls)
    await app.register(accountRoutes);
    await app.register(commentRoutes);
    await app.register(reactionRoutes);
    await app.register(mediaAccountRoutes);
    await app.register(mpContentRoutes);
    await app.register(appRoutes);
    await app.register(contentRoutes, earlyAnswerOptions());
    await app.register(searchRoutes);
    await app.register(editorContentRoutes);
    await app.register(commentModerationRoutes);
    await app.register(trackingRoutes, earlyAnswerOptions());
    await app.register(statsRoutes);
    // with Redis, WeChat credentials are fetched once for the whole cluster
    await app.register(wechatRoutes, wechatRouteOptions(app));
    await app.register(openAppRoutes);
    await app.register(previewRoutes);
    await app.register(inviteRoutes);
    await app.register(lbsRoutes);
    await app.register(activityRoutes);
    await app.register(liveRoutes);
    await app.register(clueReportRoutes);
    await app.register(clueReportCommentRoutes);
    await app.register(pichoRoutes);
    await app.register(circleRoutes);
    await app.register(lawRoutes);
    await app.register(formRoutes);
    await app.register(tipRoutes);
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
      installEarlyAnswer: (answer) => {
        earlyAnswers.unshift((req, res) => {
          if (!isValidHost(req.headers.host ?? "") || !answer(req, res)) return false;
          countEarlyAnswer();
          return true;
        });
      },
      // an early answer writes a kept page's headers alone: the page keeps the security headers too
      hostHeaders: securityHeaders,
      // the site's server-side calls reach the API here in process (inject), not over HTTP to itself
      apiInProcess: config.serveApi,
    });
    app.get("/", (_request, reply) => reply.redirect(siteBase, 302));
  }

  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
