/**
 * The floor of a page (R-WEB-ISLAND-3): the same page's HTML and CSS with every script removed, audited
 * by Lighthouse in the same run as the page, so that the page's figures are read against what its
 * markup, styles, pictures and fonts cost on this machine, now, with no script at all.
 *
 * A loopback server of the bench's own stands in front of the site with the same paths (so relative
 * and root-relative addresses load as on the site): a page (an answer of type text/html) is fetched
 * from the site once per address and user agent, stripped of its scripts and kept, so every audit of
 * the floor reads the same bytes; every other request (CSS, pictures, fonts, API calls) is passed to
 * the site as it is.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

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

/** Response headers that no longer hold once the body is read whole and sent again. */
const dropped = new Set(["content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive"]);

export interface FloorServer {
  origin: string;
  /** The floor's address of a page of the site. */
  url(siteUrl: string): string;
  close(): Promise<void>;
}

interface Kept {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/** The floor server in front of `siteOrigin` (see the top of this file). */
export async function startFloorServer(siteOrigin: string): Promise<FloorServer> {
  const pages = new Map<string, Promise<Kept>>();
  let origin = "";

  async function pass(request: IncomingMessage): Promise<Kept> {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || name === "host" || name === "connection") continue;
      headers[name] = Array.isArray(value) ? value.join(", ") : value;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const answer = await fetch(siteOrigin + (request.url ?? "/"), {
      method: request.method,
      headers,
      body: chunks.length && request.method !== "GET" && request.method !== "HEAD" ? Buffer.concat(chunks) : undefined,
      redirect: "manual",
    });
    const kept: [string, string][] = [];
    answer.headers.forEach((value, name) => {
      if (dropped.has(name) || name === "set-cookie") return;
      // a redirect to the site's own origin stays on the floor's
      kept.push([name, name === "location" ? value.replace(siteOrigin, origin) : value]);
    });
    for (const cookie of answer.headers.getSetCookie()) kept.push(["set-cookie", cookie]);
    let body = Buffer.from(await answer.arrayBuffer());
    if ((answer.headers.get("content-type") ?? "").startsWith("text/html"))
      body = Buffer.from(stripScripts(body.toString("utf8")));
    return { status: answer.status, headers: kept, body };
  }

  function send(response: ServerResponse, kept: Kept) {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of kept.headers) {
      const before = headers[name];
      headers[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
    }
    headers["content-length"] = String(kept.body.length);
    response.writeHead(kept.status, headers);
    response.end(kept.body);
  }

  const server: Server = createServer((request, response) => {
    const accept = request.headers.accept ?? "";
    // a document request: fetched once per address and user agent, then the same floor every audit
    const key =
      request.method === "GET" && accept.includes("text/html") ? `${request.url} ${request.headers["user-agent"]}` : "";
    let answer: Promise<Kept>;
    if (key) {
      answer = pages.get(key) ?? pass(request);
      pages.set(key, answer);
    } else answer = pass(request);
    answer.then(
      (kept) => send(response, kept),
      (error: Error) => {
        if (key) pages.delete(key);
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
