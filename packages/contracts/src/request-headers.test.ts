import { describe, expect, it } from "vitest";
import { requestHeaders } from "./request-headers.ts";

describe("requestHeaders", () => {
  it("R-API-AUTH authorization is the user token when logged in, else the anonymous token", () => {
    expect(requestHeaders("/peony/v1/group", { token: "user", anonymousToken: "anon" }).authorization).toBe("user");
    expect(requestHeaders("/peony/v1/group", { token: null, anonymousToken: "anon" }).authorization).toBe("anon");
    expect(requestHeaders("/peony/v1/group", {})).not.toHaveProperty("authorization");
  });

  it("R-API-AUTH X-Request-Id is the stored anonymous id, falling back to 123456", () => {
    expect(requestHeaders("/inner/static/content/abc", { anonymousId: "a-1" })["X-Request-Id"]).toBe("a-1");
    expect(requestHeaders("/inner/static/content/abc", {})["X-Request-Id"]).toBe("123456");
  });

  it.each([
    "/law/v1/api/share/question/detail",
    "/law/v1/api/share/question/answerlist?id=1",
    "/peony/v1/picho/v1/open/r1/content/u1",
    "/circle/v1/api/share/content/detail/9",
  ])("R-API-AUTH %s gets no X-Request-Id but keeps authorization", (path) => {
    const headers = requestHeaders(path, { anonymousToken: "anon", anonymousId: "a-1" });
    expect(headers).not.toHaveProperty("X-Request-Id");
    expect(headers.authorization).toBe("anon");
  });
});
