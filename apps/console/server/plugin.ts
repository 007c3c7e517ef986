import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { immutableCacheControl } from "@davmu/http-cache/built-files";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";

/** Where the newsroom console lives (decision 050): beside the stats page, under the editors' cookie path. */
export const consoleBase = "/editor/console/";

/**
 * The compressed twins `npm run build` writes beside each built file (scripts/precompress.ts, decision
 * 102): sent in its place by `preCompressed`, never routes of their own.
 */
export const precompressedTwins = ["**/*.br", "**/*.gz"];

/** The console's build, as `npm run build` leaves it. */
export const consoleBuildDir = fileURLToPath(new URL("../build/", import.meta.url));

export interface ConsolePluginOptions {
  /** The console's build (`npm run build`): index.html and assets/. Defaults to apps/console/build. */
  buildDir?: string;
}

/**
 * The newsroom console (R-CONSOLE-4): a client-rendered React app built by Vite into static files.
 * Its hashed assets are kept for a year; every other path under the base answers index.html, which
 * is never kept, so a new build reaches editors on their next navigation. Its calls go to
 * /editor/v1/…, which check the editor's session themselves: the page itself holds nothing secret.
 */
export async function consolePlugin(app: FastifyInstance, opts: ConsolePluginOptions = {}) {
  const root = opts.buildDir ?? consoleBuildDir;
  const indexFile = `${root.replace(/\/$/, "")}/index.html`;
  if (!existsSync(indexFile)) {
    throw new Error(`the newsroom console is not built (${indexFile} is missing): run "npm run build" first`);
  }
  const index = readFileSync(indexFile);
  await app.register(fastifyStatic, {
    root,
    prefix: consoleBase,
    wildcard: false,
    index: false,
    decorateReply: false,
    preCompressed: true,
    globIgnore: precompressedTwins,
    setHeaders(reply, path) {
      if (path.includes("/assets/")) reply.header("cache-control", immutableCacheControl);
    },
  });
  const sendIndex = (_request: unknown, reply: FastifyReply) =>
    reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("x-robots-tag", "noindex")
      .send(index);
  app.get(consoleBase.slice(0, -1), (_request, reply) => reply.redirect(consoleBase, 301));
  app.get(consoleBase, sendIndex);
  // the app's own routes (login, moderation, …): index.html, the router in the page picks the screen
  app.get(`${consoleBase}*`, (request, reply) => {
    if (request.url.startsWith(`${consoleBase}assets/`)) {
      return reply.code(404).send({ code: 404, msg: "文件不存在", data: null });
    }
    return sendIndex(request, reply);
  });
}
