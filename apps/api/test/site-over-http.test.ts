import { afterAll, beforeAll, describe, it } from "vitest";
import { ensureSiteBuilt, startTestServer, type TestServer, testDialect } from "./helper.ts";
import { expectReceiptLookupsLimited } from "./tip-helpers.ts";

/**
 * The site alone (SERVE_API=false) in front of an API server of its own (API_BASE), as a site-only
 * deployment runs: the site's calls go over HTTP. Both trust the proxy on this machine (TRUST_PROXY),
 * the API trusting the site's address among it, as the README asks of such a deployment.
 */
describe(`a page's calls over HTTP on its visitor's behalf carry the visitor's address (${testDialect})`, () => {
  let api: TestServer;
  let site: TestServer;
  const previous = process.env.API_BASE;
  beforeAll(async () => {
    ensureSiteBuilt();
    api = await startTestServer({ TRUST_PROXY: "127.0.0.1" });
    // the site's server reads its API's address from the environment, as deployed
    process.env.API_BASE = api.base;
    site = await startTestServer({
      SERVE_WEB: "true",
      SERVE_API: "false",
      API_BASE: api.base,
      TRUST_PROXY: "127.0.0.1",
    });
  }, 120000);
  afterAll(async () => {
    if (previous === undefined) delete process.env.API_BASE;
    else process.env.API_BASE = previous;
    await site?.close();
    await api?.close();
  });

  it("R-TIP-1 R-SEC-RATE R-SEC-PROXY receipt pages of a site-only deployment looked up from one address stop at the API's per-address limit (429); another address and the loopback still read theirs", async () => {
    await expectReceiptLookupsLimited(api, site.base);
  }, 60_000);
});
