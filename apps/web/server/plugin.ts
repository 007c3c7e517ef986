import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { consoleBase, consoleBuildDir, consolePlugin, precompressedTwins } from "@davmu/console/server/plugin.ts";
import type { ContentChangeFeed, SiteHooks } from "@davmu/contracts/site-host";
import { siteBase, siteBasePath } from "@davmu/contracts/site-path";
import { immutableCacheControl, loadBuiltFiles } from "@davmu/http-cache/built-files";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import { sendCached, sendResponse, toRequest, visitorGone } from "./adapter.ts";
import { contentSecurityPolicy, contentSecurityPolicyForPage, createNonce, pageSecurityHeaders } from "./csp.ts";
import { createBuiltFileAnswer, createEarlyAnswer, type EarlyAnswer } from "./early-answer.ts";
import { forwardingFetch, injectingFetch, renderingFor } from "./in-process-api.ts";
import { createPageCache, sharedMaxAge } from "./page-cache.ts";
import { createRenderSlots, RenderSlotRefused } from "./render-slots.ts";

export type { EarlyAnswer } from "./early-answer.ts";

/** What the server hosting the site tells it (apps/api/src/app.ts, from the validated configuration). */
export interface SitePluginOptions {
  /** The built site (`npm run build`): `server/index.js` and `client/`. */
  buildDir: string;
  /** React Router's development mode (errors rendered with their details). */
  development: boolean;
  /** Where visitors' browsers call the API, when not this origin (empty): the pages' CSP allows it. */
  publicApiBase: string;
  /** Where pages send tracking beacons, when not this origin (empty): the pages' CSP allows it. */
  statBase?: string;
  /** https origins whose pages the link popup may frame (CSP `frame-src`). */
  linkFrameOrigins: readonly string[];
  /** Content changes made in this process: the site is told, and every kept page is dropped. */
  contentChanges?: ContentChangeFeed;
  /**
   * Receives the answers made before Fastify, for the server's `request` event: kept pages (`page`)
   * and the built files held in memory (`file`, decision 103).
   */
  installEarlyAnswer?: (answer: EarlyAnswer, kind: "page" | "file") => void;
  /**
   * Headers the host sets on every answer it sends through Fastify (its security headers), as name,
   * value pairs: kept pages carry them too, since the early answer writes a kept page's headers alone.
   */
  hostHeaders?: readonly string[];
  /** The host's headers of a stored file (its security headers as a file gets them), for the built files answered early. */
  storedFileHeaders?: readonly string[];
  /**
   * The host serves the API in this same Fastify app: the site's server-side calls to the API at its
   * default address go to it in process (`inject`) rather than over HTTP to itself.
   */
  apiInProcess?: boolean;
  /**
   * Pages rendered at once, and how long a render waits for its turn before the visitor is told the
   * site is busy (503; decision 082): `WEB_RENDER_SLOTS` and `WEB_RENDER_WAIT_MS`.
   */
  render: { slots: number; waitMs: number };
}

/** The built site as the host loads it: React Router's build, its server entry exporting the site's hooks. */
type SiteBuild = ServerBuild & { entry: { module: Partial<SiteHooks> } };

/** The hooks of the site's server entry (packages/contracts/src/site-host.ts), checked once at start. */
function siteHooksOf(build: SiteBuild, serverEntry: string): SiteHooks {
  const { cacheVariant, contentChanged, apiInProcess, apiOverHttp } = build.entry.module;
  if (
    typeof cacheVariant !== "function" ||
    typeof contentChanged !== "function" ||
    typeof apiInProcess !== "function" ||
    typeof apiOverHttp !== "function"
  ) {
    throw new Error(
      `the site's server entry (${serverEntry}) exports no cacheVariant, contentChanged, apiInProcess or apiOverHttp: rebuild it`,
    );
  }
  return { cacheVariant, contentChanged, apiInProcess, apiOverHttp };
}

/**
 * The share site inside Fastify (decision 018): built assets under /davmu/share/, and every other
 * path there rendered by React Router, with its CSP nonce, or answered from the page cache.
 */
export async function sitePlugin(app: FastifyInstance, opts: SitePluginOptions) {
  const serverEntry = join(opts.buildDir, "server", "index.js");
  const clientDir = join(opts.buildDir, "client");
  if (!existsSync(serverEntry)) {
    throw new Error(
      `the share site is not built (${serverEntry} is missing): run "npm run build" first, or set SERVE_WEB=false`,
    );
  }
  const build: SiteBuild = await import(pathToFileURL(serverEntry).href);
  const hooks = siteHooksOf(build, serverEntry);
  if (opts.apiInProcess) hooks.apiInProcess(injectingFetch(app));
  hooks.apiOverHttp(forwardingFetch());
  const handle = createRequestHandler(build, opts.development ? "development" : "production");
  // the origins besides this one that pages call: the API's and the tracking beacon's (CSP connect-src)
  const apiOrigin = [opts.publicApiBase, opts.statBase ?? ""]
    .filter(Boolean)
    .map((base) => new URL(base).origin)
    .filter((origin, index, all) => all.indexOf(origin) === index)
    .join(" ");
  const policy = (nonce: string) => contentSecurityPolicy(nonce, apiOrigin, opts.linkFrameOrigins);
  const pages = createPageCache(hooks);
  const slots = createRenderSlots(opts.render.slots);
  opts.contentChanges?.subscribe(() => {
    hooks.contentChanged();
    pages.contentChanged();
  });

  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: siteBase,
    wildcard: false,
    index: false,
    decorateReply: false,
    // the build's `.br` and `.gz` twins (scripts/precompress.ts, decision 102) go out as they are to a
    // browser that takes them; they are not addresses of their own
    preCompressed: true,
    globIgnore: precompressedTwins,
    setHeaders(reply, path) {
      if (path.includes(join("client", "assets"))) reply.header("cache-control", immutableCacheControl);
    },
  });

  // the newsroom console (decision 050): its own static build under /editor/console/, in the same process
  await app.register(consolePlugin);

  // leave request bodies unread: React Router reads them from the raw stream
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));

  // the built files are routes of their own (above); any other path under assets/ is a missing file,
  // never a page: a page there would go out with a stored file's headers (decision 078)
  app.get(`${siteBase}assets/*`, (_request, reply) =>
    reply.code(404).send({ code: 404, msg: "文件不存在", data: null }),
  );

  app.get(siteBasePath, (request, reply) => {
    const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
    return reply.redirect(siteBase + query, 301);
  });

  opts.installEarlyAnswer?.(createEarlyAnswer(pages, app.log), "page");
  // the hashed scripts and styles of the site and the console from memory, ahead of the kept pages
  // (decision 103); the static files above answer what this leaves (ranges, other files)
  if (opts.installEarlyAnswer) {
    const files = loadBuiltFiles(
      [
        { dir: join(clientDir, "assets"), prefix: `${siteBase}assets/`, cacheControl: immutableCacheControl },
        { dir: join(consoleBuildDir, "assets"), prefix: `${consoleBase}assets/`, cacheControl: immutableCacheControl },
      ],
      opts.storedFileHeaders,
    );
    opts.installEarlyAnswer(createBuiltFileAnswer(files, app.log), "file");
  }

  /**
   * Requests that reach Fastify (injected ones, or a server without the early answer): a cached page
   * is answered as soon as the request is routed (onRequest), before the other per-request hooks.
   */
  function answerFromCache(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    const hit = pages.cachedPage(request);
    if (hit) sendCached(request, reply, hit);
    else done();
  }

  app.route({
    method: ["GET", "HEAD", "POST"],
    url: `${siteBase}*`,
    onRequest: answerFromCache,
    handler: async (request, reply) => {
      reply.headers(pageSecurityHeaders);
      const key = pages.keyOf(request);
      // a page not in the cache yet (or dropped by a change) that another request is rendering:
      // wait for it rather than rendering it again
      if (key !== null) {
        const rendered = pages.renderedByOther(key);
        const hit = rendered && (await rendered);
        if (hit) return sendCached(request, reply, hit);
      }
      const render = key === null ? null : pages.startRender(key);
      // however this answer ends (not shareable, failed, visitor gone), the waiters go on; a page
      // being kept lets them go once it is
      if (render) reply.raw.once("close", render.ended);
      // a render waits for its slot, and gives it back once its page is sent or the visitor has gone
      const gone = visitorGone(reply);
      let freeSlot: () => void;
      try {
        freeSlot = await slots.acquire(gone, opts.render.waitMs);
      } catch (error) {
        render?.release();
        if (error instanceof RenderSlotRefused) return sendBusy(reply);
        throw error;
      }
      reply.raw.once("close", freeSlot);
      // the visitor left as the slot came: nothing is rendered, and the next render has it
      if (reply.raw.closed) {
        freeSlot();
        render?.release();
        return reply;
      }
      const nonce = createNonce();
      let response: Response;
      try {
        // the API calls this render makes on the visitor's behalf come from the visitor's address, in
        // process or over HTTP (in-process-api.ts)
        response = await renderingFor.run(request.ip, () => handle(toRequest(request, nonce, gone)));
      } catch (error) {
        freeSlot();
        render?.release();
        throw error;
      }
      reply.header("content-security-policy", policy(nonce));
      const maxAge = render === null ? null : sharedMaxAge(response);
      // the page cache here is the only shared one: a cache in front must not hand this response's
      // nonce to other visitors, so the permission to share goes no further
      if (/\bs-maxage=/i.test(response.headers.get("cache-control") ?? ""))
        response.headers.set("cache-control", "no-cache");
      if (render === null || maxAge === null || maxAge <= 0) {
        render?.release();
        return sendResponse(request, reply, response);
      }
      const keep = (sent: Response, body: Buffer) => {
        render
          .keep(() => keptPage(sent, body, apiOrigin, opts.linkFrameOrigins, opts.hostHeaders ?? []), maxAge * 1000)
          .catch((error: unknown) => request.log.error({ err: error }, "page not kept"));
      };
      return sendResponse(request, reply, response, keep);
    },
  });
}

/**
 * A rendered page as the page cache keeps it: complete headers for later visitors (the host's, then
 * the page's own over them), whose policy allows the page's inline scripts by hash (this response's
 * nonce is never reused), `x-cache: hit`.
 */
function keptPage(
  sent: Response,
  body: Buffer,
  apiOrigin: string,
  frameOrigins: readonly string[],
  hostHeaders: readonly string[],
) {
  const headers: Record<string, string> = {};
  for (let i = 0; i + 1 < hostHeaders.length; i += 2) headers[hostHeaders[i] as string] = hostHeaders[i + 1] as string;
  Object.assign(headers, pageSecurityHeaders);
  for (const [name, value] of sent.headers) headers[name] = value;
  headers["content-security-policy"] = contentSecurityPolicyForPage(body.toString("utf8"), apiOrigin, frameOrigins);
  headers["x-cache"] = "hit";
  return { status: sent.status, headers, body };
}

/** The answer when no render slot came in time: a short page, kept by no cache, with when to come back. */
function sendBusy(reply: FastifyReply) {
  return (
    reply
      .code(503)
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("retry-after", "5")
      // no script, no fetch: its one style is inline
      .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'")
      .send(busyPage)
  );
}

/** The busy page: no script, its styles inline, light or dark as the phone is; 刷新重试 asks for the page again. */
const busyPage =
  '<!doctype html><html lang="zh-CN"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><title>服务繁忙</title><style>a{display:inline-block;padding:5px 22px;border:1px solid;border-radius:16px;color:#d63e20;text-decoration:none}@media (prefers-color-scheme:dark){a{color:#ff6a4d}}</style><div style="margin:38vh 24px 0;text-align:center;font:16px/1.6 -apple-system,system-ui,sans-serif"><p style="margin:0 0 16px;opacity:.65">访问人数较多，请稍后再试</p><a href="">刷新重试</a></div></html>';
