import { describe, expect, it } from "vitest";
import { inProcessCredentialStore } from "../../lib/single-flight.ts";
import { jsapiSignature, nonceString, refuseSignedUrl } from "./signature.ts";
import { refreshAt } from "./signer.ts";

describe("WeChat JS-SDK signature", () => {
  it("R-SHARE-2 signs WeChat's documented example: SHA-1 over the sorted raw fields", () => {
    // JS-SDK documentation, appendix 1 (the signature algorithm), its worked example
    const signature = jsapiSignature({
      jsapiTicket: "sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg",
      nonceStr: "Wm3WZYTPz0wzccnW",
      timestamp: 1414587457,
      url: "http://mp.weixin.qq.com?params=value",
    });
    expect(signature).toBe("0f9de62fce790f9a083d5c99e95740ceb90c27ed");
  });

  it("R-SHARE-2 the URL is signed raw: an encoded query stays as the page has it", () => {
    const base = { jsapiTicket: "t", nonceStr: "n", timestamp: 1 };
    const raw = jsapiSignature({ ...base, url: "https://s.example/a?x=%E4%B8%AD&y=1" });
    expect(raw).not.toBe(jsapiSignature({ ...base, url: "https://s.example/a?x=中&y=1" }));
    expect(raw).toMatch(/^[0-9a-f]{40}$/);
  });

  it("R-API-WXCONFIG refuses URLs with a hash, of another origin, or not http(s)", () => {
    const origin = "https://share.example.com";
    expect(refuseSignedUrl("https://share.example.com/davmu/share/a?b=1", origin)).toBeNull();
    expect(refuseSignedUrl("https://share.example.com/davmu/share/a#top", origin)).toMatch("#");
    expect(refuseSignedUrl("https://evil.example/davmu/share/", origin)).toMatch("本站");
    expect(refuseSignedUrl("javascript:alert(1)", origin)).not.toBeNull();
    expect(refuseSignedUrl("not a url", origin)).not.toBeNull();
  });

  it("R-SHARE-2 nonces are 16 letters and digits, and differ", () => {
    const a = nonceString();
    expect(a).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(nonceString()).not.toBe(a);
  });

  it("R-SHARE-2 credentials are fetched again before their 7200 s expiry (5 minutes early)", () => {
    expect(refreshAt(0, 7200)).toBe(6_900_000);
    expect(refreshAt(0, 10)).toBe(9_000);
  });

  it("R-SHARE-2 the store fetches once for concurrent callers, keeps the value until its refresh time, and backs off after a failure", async () => {
    let clock = 0;
    const store = inProcessCredentialStore(() => clock);
    let fetches = 0;
    const fetch = async () => {
      fetches += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { value: `v${fetches}`, refreshAt: clock + 1000 };
    };
    const values = await Promise.all(Array.from({ length: 100 }, () => store.get("k", fetch)));
    expect(new Set(values)).toEqual(new Set(["v1"]));
    expect(fetches).toBe(1);
    clock = 999;
    expect(await store.get("k", fetch)).toBe("v1");
    clock = 1000;
    expect(await store.get("k", fetch)).toBe("v2");
    const failing = async () => {
      fetches += 1;
      throw new Error("down");
    };
    clock = 5000;
    await expect(store.get("k", failing)).rejects.toThrow("down");
    const before = fetches;
    await expect(store.get("k", failing)).rejects.toThrow("down");
    expect(fetches).toBe(before);
  });
});
