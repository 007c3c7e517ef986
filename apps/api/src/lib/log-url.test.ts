import { describe, expect, it } from "vitest";
import { loggedUrl } from "./log-url.ts";

describe("what the request log keeps of a URL", () => {
  it("R-CONSOLE-6 phone numbers are masked and tokens, keys and codes dropped; the rest stays as sent", () => {
    expect(loggedUrl("/peony/v1/vcode?tel=13800138000&type=6")).toBe("/peony/v1/vcode?tel=138****8000&type=6");
    expect(loggedUrl("/dev/sms-outbox?tel=13800138000")).toBe("/dev/sms-outbox?tel=138****8000");
    expect(loggedUrl("/davmu/share/preview/abc/index.html?token=eyJ.sig&from=qr")).toBe(
      "/davmu/share/preview/abc/index.html?token=[redacted]&from=qr",
    );
    expect(loggedUrl("/editor/stats?KEY=secret-key")).toBe("/editor/stats?KEY=[redacted]");
    expect(loggedUrl("/x?%74oken=abc")).toBe("/x?%74oken=[redacted]");
    expect(loggedUrl("/peony/v1/comment/p1?page=2&size=10")).toBe("/peony/v1/comment/p1?page=2&size=10");
    expect(loggedUrl("/no-query")).toBe("/no-query");
    expect(loggedUrl("/x?flag&tel=1")).toBe("/x?flag&tel=****");
    // malformed escapes are kept as sent, never thrown on
    expect(loggedUrl("/x?tel=%E0%A4%A")).toBe("/x?tel=%E0****A4%A");
    expect(loggedUrl("/x?%zz=1")).toBe("/x?%zz=1");
    // an address carried inside another (/pc?url=, the WeChat signature's path, a return address)
    expect(loggedUrl(`/davmu/share/pc?url=${encodeURIComponent("/preview-x/doc/a/index.html?token=eyJ.sig")}`)).toBe(
      `/davmu/share/pc?url=${encodeURIComponent("/preview-x/doc/a/index.html?token=[redacted]")}`,
    );
    expect(
      loggedUrl(`/inner/wxshare/config?path=${encodeURIComponent("https://s.example/x?tel=13800138000&a=1")}`),
    ).toBe(`/inner/wxshare/config?path=${encodeURIComponent("https://s.example/x?tel=138****8000&a=1")}`);
    expect(loggedUrl("/auth?redirect=%2Fdoc%2Fa")).toBe("/auth?redirect=%2Fdoc%2Fa");
    expect(loggedUrl("/x?url=%E0%A4%A")).toBe("/x?url=[redacted]");
  });
});
