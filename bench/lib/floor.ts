/**
 * The floor of a page (R-WEB-ISLAND-3): the same page's HTML and CSS with every script removed, audited
 * by Lighthouse in the same run as the page, so that the page's figures are read against what its
 * markup, styles, pictures and fonts cost on this machine, now, with no script at all.
 *
 * A loopback server of the bench's own stands in front of the site with the same paths (so relative
 * and root-relative addresses load as on the site): a page (an answer of type text/html) is fetched
 * from the site once per address and user agent, stripped of its scripts and kept, so every audit of
 * the floor reads the same bytes; every other request (CSS, pictures, fonts, API calls) is passed to
 * the site as it is. Every answer keeps the site's compression (the page is encoded again as the site
 * encoded it), so on Lighthouse's simulated network the floor weighs what the page weighs, less its
 * scripts.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, brotliDecompressSync, deflateSync, gunzipSync, gzipSync, inflateSync } from "node:zlib";

/**
 * The page with every script removed: `<script>` elements of every type (code, modules, JSON data),
 * `modulepreload` links and script preloads (`<link rel="preload" as="script">`), and inline event
 * handler attributes (`onload="…"`). Stylesheets, `<style>` elements and `style` attributes stay.
 */
export function stripScripts(html: string): string {
  return (
    html
      // a script's text ends at the first `</script` (HTML's own rule), whatever it holds
      .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "")
      // a script element left open (cut off) takes the rest of the document, as a browser would
      .replace(/<script\b[\s\S]*$/i, "")
      .replace(/<link\b[^>]*>/gi, (link) => (isScriptLink(link) ? "" : link))
      .replace(tagPattern, (tag, open: string, attributes: string, close: string) =>
        /\son[a-z]+\s*=/i.test(attributes) ? `${open}${stripHandlers(attributes)}${close}` : tag,
      )
  );
}

/** A start tag: its name, its attributes (values quoted or not), its end. */
const tagPattern = /(<[a-z][^\s/>]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)(\s*\/?>)/gi;
const attributePattern = /\s+([^\s=>]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?/g;

function isScriptLink(link: string): boolean {
  const rel = attributeValue(link, "rel")?.toLowerCase().split(/\s+/) ?? [];
  if (rel.includes("modulepreload")) return true;
  return rel.includes("preload") && attributeValue(link, "as")?.toLowerCase() === "script";
}

function attributeValue(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, "i").exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

function stripHandlers(attributes: string): string {
  return attributes.replace(attributePattern, (attribute, name: string) => (/^on[a-z]+$/i.test(name) ? "" : attribute));
}

export interface FloorServer {
  origin: string;
  /** The floor's address of a page of the site. */
  url(siteUrl: string): string;
  close(): Promise<void>;
}

interface Kept {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/** A body in the encoding the site sent it in, decoded, and the same encoding made again. */
const codings: Record<string, { decode(body: Buffer): Buffer; encode(body: Buffer): Buffer }> = {
  br: { decode: brotliDecompressSync, encode: (body) => brotliCompressSync(body) },
  gzip: { decode: gunzipSync, encode: (body) => gzipSync(body) },
  deflate: { decode: inflateSync, encode: (body) => deflateSync(body) },
};

/**
 * The floor server in front of `siteOrigin` (see the top of this file). Answers go through as the
 * site sent them, compressed as it compressed them, so the floor's bytes on the (simulated) network
 * are the page's; a page is decoded, stripped and encoded again in the same encoding.
 */
export async function startFloorServer(siteOrigin: string): Promise<FloorServer> {
  const site = new URL(siteOrigin);
  const pages = new Map<string, Promise<Kept>>();
  let origin = "";

  const outgoing = (request: IncomingMessage) => ({
    host: site.hostname,
    port: site.port,
    path: request.url ?? "/",
    method: request.method,
    headers: { ...request.headers, host: site.host },
  });

  /** A redirect to the site's own origin stays on the floor's. */
  const headersOf = (answer: IncomingMessage): OutgoingHttpHeaders => {
    const headers: OutgoingHttpHeaders = { ...answer.headers };
    if (typeof headers.location === "string") headers.location = headers.location.replace(siteOrigin, origin);
    return headers;
  };

  /** A page: read whole from the site, stripped of its scripts. */
  function floorPage(request: IncomingMessage): Promise<Kept> {
    return new Promise((resolve, reject) => {
      const toSite = httpRequest(outgoing(request), (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("error", reject);
        answer.on("end", () => {
          try {
            const headers = headersOf(answer);
            let body: Buffer = Buffer.concat(chunks);
            if (String(answer.headers["content-type"] ?? "").startsWith("text/html")) {
              const encoding = String(answer.headers["content-encoding"] ?? "identity");
              const coding = codings[encoding];
              if (!coding && encoding !== "identity")
                throw new Error(`a page in ${encoding}, which the floor cannot read`);
              const html = (coding ? coding.decode(body) : body).toString("utf8");
              const floor = Buffer.from(stripScripts(html));
              body = coding ? coding.encode(floor) : floor;
              delete headers["transfer-encoding"];
              headers["content-length"] = String(body.length);
            }
            resolve({ status: answer.statusCode ?? 502, headers, body });
          } catch (error) {
            reject(error);
          }
        });
      });
      toSite.on("error", reject);
      toSite.end();
    });
  }

  /** Anything else: passed through as it is, both ways. */
  function pass(request: IncomingMessage, response: ServerResponse) {
    const toSite = httpRequest(outgoing(request), (answer) => {
      response.writeHead(answer.statusCode ?? 502, headersOf(answer));
      answer.pipe(response);
    });
    toSite.on("error", (error) => {
      if (!response.headersSent) response.writeHead(502, { "content-type": "text/plain" });
      response.end(`floor: ${error.message}`);
    });
    request.pipe(toSite);
  }

  const server: Server = createServer((request, response) => {
    const accept = request.headers.accept ?? "";
    if (request.method !== "GET" || !accept.includes("text/html")) return pass(request, response);
    // a document request: fetched once per address, user agent and accepted encoding, then the same
    // floor every audit
    const key = [request.url, request.headers["user-agent"], request.headers["accept-encoding"]].join(" ");
    const answer = pages.get(key) ?? floorPage(request);
    pages.set(key, answer);
    answer.then(
      (kept) => {
        response.writeHead(kept.status, kept.headers);
        response.end(kept.body);
      },
      (error: Error) => {
        pages.delete(key);
        response.writeHead(502, { "content-type": "text/plain" });
        response.end(`floor: ${error.message}`);
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (siteUrl) => {
      const url = new URL(siteUrl);
      return origin + url.pathname + url.search;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
