import { isRobot } from "@davmu/contracts/robot";
import type { SiteHooks } from "@davmu/contracts/site-host";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { pageHandoff } from "./islands/handoff.server.ts";
import { PageHandoffContext } from "./islands/PageScripts.tsx";
import { isMiniProgram, shouldUsePcWrapper } from "./lib/device.ts";
import { RenderSiteState } from "./lib/render-site-state.ts";
import { dropSharedAnswers, useApiInProcess, useApiOverHttp } from "./lib/server/api.server.ts";
import { readNonce } from "./lib/server/csp.ts";
import { pageStream } from "./lib/server/page-stream.server.ts";
import { requestSiteState } from "./lib/server/site-state.server.ts";

/** The page stylesheet per route handles, for the byte budget's count (packages/test-support/src/page-bytes.ts). */
export { pageStylesheet } from "./page-styles.ts";

export const streamTimeout = 5_000;

/**
 * Which visitors may be served the same rendered page, for the server's page cache: phones (and
 * crawlers) see one page, a mini program's web view another (drawn for it, `<html data-mini-program>`);
 * desktop browsers are sent to /pc except inside its frame. Only pages that
 * ask for it with `s-maxage` are kept (see lib/server/cache-headers.ts). A hook the host reads (`SiteHooks` in
 * packages/contracts/src/site-host.ts), like `contentChanged`.
 */
export const cacheVariant = ((request) => {
  const ua = request.headers.get("user-agent") ?? "";
  if (isMiniProgram(ua)) return "mini-program";
  if (isRobot(ua) || !shouldUsePcWrapper(ua)) return "phone";
  const framed =
    request.headers.get("sec-fetch-dest") === "iframe" || new URL(request.url).searchParams.has("pc_frame");
  return framed ? "framed" : null;
}) satisfies SiteHooks["cacheVariant"];

/**
 * When the response starts: for people as soon as the shell is rendered (the deferred parts stream
 * after it), for robots and SPA mode once all content is ready, so a crawler reads the whole page.
 * People include WeChat for Android's `Process/toolsmp`, which isbot's list alone takes for a robot.
 */
export function readyOption(userAgent: string | null, isSpaMode: boolean): "onAllReady" | "onShellReady" {
  return (userAgent && isRobot(userAgent)) || isSpaMode ? "onAllReady" : "onShellReady";
}

/**
 * The server calls this when content changes in its own process: answers the site shares between
 * renders (the hot and recommended lists, say) are fetched anew, so a page rendered after the change
 * never shows the old ones.
 */
export const contentChanged = (() => {
  dropSharedAnswers();
}) satisfies SiteHooks["contentChanged"];

/**
 * The host serves the API in this process and hands the site its way there (Fastify's `inject`):
 * server-side calls to the API at its default address no longer go over HTTP to the same process.
 */
export const apiInProcess = ((fetch) => {
  useApiInProcess(fetch);
}) satisfies SiteHooks["apiInProcess"];

/**
 * The host's way to the API over HTTP: a call made on the visitor's behalf carries their address
 * (`X-Forwarded-For`), for an API that trusts this server as a proxy.
 */
export const apiOverHttp = ((fetch) => {
  useApiOverHttp(fetch);
}) satisfies SiteHooks["apiOverHttp"];

/**
 * React Router's default Node entry, plus the page's CSP nonce: `<ServerRouter nonce>` hands it to
 * `<Links>`, and React's own streaming scripts get it too. Every page is an island page (decisions 053,
 * 058): the root layout ends the page with what its islands need and the island loader (PageScripts),
 * and React Router's own hand-off (the turbo-stream of loader data) is not sent. The head goes out without
 * modulepreload hints, React's chunks straight into the Fetch body (lib/server/page-stream.server.ts).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = readNonce(request);
  // the root loader's site state, handed through the request's context rather than its loader data
  const siteState = loadContext.get(requestSiteState);
  const handoff = pageHandoff(routerContext, siteState, nonce);
  // the browser never runs React Router: its stream is not rendered (what it encoded is the routes'
  // empty handles, their data kept on the server: lib/page-data.ts)
  routerContext.serverHandoffStream?.cancel().catch(() => {});
  const context: EntryContext = { ...routerContext, serverHandoffStream: undefined };

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const ready: keyof RenderToPipeableStreamOptions = readyOption(userAgent, context.isSpaMode);
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <PageHandoffContext value={handoff}>
        <RenderSiteState value={siteState}>
          <ServerRouter context={context} url={request.url} nonce={nonce} />
        </RenderSiteState>
      </PageHandoffContext>,
      {
        nonce,
        // a Suspense boundary complete by the time the page is written (the deferred lists, where they
        // came in time, features/content/settled.ts) is written in place: React would otherwise move it
        // out of any flush past 12,800 bytes, into a hidden part after the page and a script that moves it
        // into place at the next frame or later, though its bytes go out in the same flush either way
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [ready]() {
          shellRendered = true;
          const { writable, body } = pageStream({
            onEnd() {
              clearTimeout(timeoutId);
              timeoutId = undefined;
            },
            // the reader went away (the visitor left): nothing more is rendered for it
            onCancel() {
              abort();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(writable);
          resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
