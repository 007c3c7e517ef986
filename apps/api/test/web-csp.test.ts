import { createHash } from "node:crypto";
import { seedDemoData } from "@davmu/demo/seed";
import { contentSecurityPolicy, contentSecurityPolicyForPage } from "@davmu/web/server/csp.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureSiteBuilt, startTestServer, type TestServer } from "./helper.ts";

const phone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) Mobile/15E148 MicroMessenger/8.0.44";

function nonceOf(policy: string | null): string {
  const match = policy?.match(/script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/);
  if (!match?.[1]) throw new Error(`no script nonce in ${policy}`);
  return match[1];
}

/** Every <script> tag of the page, with its nonce attribute (or null). */
function scriptNonces(html: string): Array<string | null> {
  return [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0].match(/\bnonce="([^"]*)"/)?.[1] ?? null);
}

describe("share pages send a Content-Security-Policy (R-SEC-XSS)", () => {
  let server: TestServer;
  const previousApiBase = process.env.API_BASE;

  beforeAll(async () => {
    ensureSiteBuilt();
    server = await startTestServer({ SERVE_WEB: "true" });
    await seedDemoData(server.database.handle.db, Date.now(), { readership: false });
    // the site's server-side calls go to this test server
    process.env.API_BASE = server.base;
  }, 120000);
  afterAll(async () => {
    process.env.API_BASE = previousApiBase;
    await server?.close();
  });

  const page = (path: string, headers: Record<string, string> = {}) =>
    fetch(server.base + path, { headers: { "user-agent": phone, ...headers }, redirect: "manual" });

  it("R-SEC-XSS the home page carries the policy, nosniff and a referrer policy", async () => {
    const response = await page("/davmu/share/");
    expect(response.status).toBe(200);
    const policy = response.headers.get("content-security-policy") ?? "";
    const nonce = nonceOf(policy);
    expect(policy).toBe(contentSecurityPolicy(nonce));
    for (const directive of [
      "default-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https:",
      "connect-src 'self'",
      "frame-ancestors 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]) {
      expect(policy).toContain(directive);
    }
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("R-SEC-XSS every inline script of a page carries that response's nonce, and each response has its own", async () => {
    const nonces = new Set<string>();
    // queries of their own: each page is rendered, not served from the page cache
    for (const path of [
      "/davmu/share/?csp=each",
      "/davmu/share/search/index.html?csp=each",
      "/davmu/share/no/such/page",
    ]) {
      const response = await page(path);
      const nonce = nonceOf(response.headers.get("content-security-policy"));
      nonces.add(nonce);
      const html = await response.text();
      const scripts = scriptNonces(html);
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.every((n) => n === nonce)).toBe(true);
      expect(nonce.length).toBeGreaterThanOrEqual(22);
    }
    expect(nonces.size).toBe(3);
  });

  it("R-SEC-XSS a nonce sent by the client is ignored", async () => {
    const response = await page("/davmu/share/?csp=client", { "x-davmu-csp-nonce": "AAAAAAAAAAAAAAAAAAAAAAAA" });
    const nonce = nonceOf(response.headers.get("content-security-policy"));
    expect(nonce).not.toBe("AAAAAAAAAAAAAAAAAAAAAAAA");
    expect(scriptNonces(await response.text()).every((n) => n === nonce)).toBe(true);
  });

  it("R-SEC-XSS a page served from the page cache allows its inline scripts by hash and hands out no nonce again", async () => {
    const first = await page("/davmu/share/?csp=cached");
    const sentNonce = nonceOf(first.headers.get("content-security-policy"));
    await first.text();
    const hit = await page("/davmu/share/?csp=cached");
    expect(hit.headers.get("x-cache")).toBe("hit");
    const policy = hit.headers.get("content-security-policy") ?? "";
    const html = await hit.text();
    expect(policy).not.toContain("nonce-");
    expect(policy).not.toContain(sentNonce);
    expect(policy).toBe(contentSecurityPolicyForPage(html));
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      (m) => !/\ssrc=/.test(m[1] ?? ""),
    );
    const hash = (body = "") => `'sha256-${createHash("sha256").update(body).digest("base64")}'`;
    // the page's data travels in JSON data blocks, which never run: only the scripts need a hash
    const data = inline.filter((m) => /\stype="application\/json"/.test(m[1] ?? ""));
    const scripts = inline.filter((m) => !data.includes(m));
    expect(data.length).toBeGreaterThan(0);
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, , body] of scripts) expect(policy).toContain(hash(body));
    for (const [, , body] of data) expect(policy).not.toContain(hash(body));
    expect(hit.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("R-SRV-4 a page answered from the page cache, before Fastify, carries the same security headers once each", async () => {
    const first = await page("/davmu/share/?headers=kept");
    await first.text();
    const hit = await page("/davmu/share/?headers=kept");
    await hit.text();
    expect(hit.headers.get("x-cache")).toBe("hit");
    // a header sent twice would read as "a, a"
    for (const name of [
      "x-content-type-options",
      "x-frame-options",
      "referrer-policy",
      "cross-origin-opener-policy",
      "cross-origin-resource-policy",
      "origin-agent-cluster",
      "x-dns-prefetch-control",
      "x-permitted-cross-domain-policies",
    ]) {
      expect(hit.headers.get(name), name).toBe(first.headers.get(name));
      expect(hit.headers.get(name), name).not.toContain(",");
    }
    expect(hit.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    // the page's own policy, not the host's default one
    expect(hit.headers.get("content-security-policy")).toContain("'sha256-");
  });

  it("R-SRV-4 the site's built assets carry nosniff and the stored file's sandboxing CSP, not a page's headers", async () => {
    const html = await (await page("/davmu/share/")).text();
    const asset = /\/davmu\/share\/assets\/[\w.-]+\.(?:css|js)/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const response = await fetch(server.base + asset);
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("sandbox");
    expect(response.headers.get("permissions-policy")).toBeNull();
    expect(response.headers.get("x-frame-options")).toBeNull();
    // the page itself keeps a document's headers
    const home = await page("/davmu/share/");
    await home.text();
    expect(home.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(home.headers.get("permissions-policy")).toContain("camera=()");
  });

  it("R-SRV-4 a path under the assets that names no built file is a 404, never a page sent with a stored file's headers", async () => {
    const html = await (await page("/davmu/share/")).text();
    const article = /\/davmu\/share\/(?:news|mp)\/doc\/[^"]+\/index\.html/.exec(html)?.[0];
    expect(article).toBeDefined();
    for (const path of [
      (article as string).replace("/davmu/share/", "/davmu/share/assets/"),
      "/davmu/share/assets/no-such-file.js",
      "/davmu/share/assets/",
    ]) {
      const response = await page(path);
      const body = await response.text();
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type"), path).toContain("application/json");
      expect(body, path).not.toContain("<html");
      expect(response.headers.get("content-security-policy"), path).toContain("sandbox");
    }
  });
});
