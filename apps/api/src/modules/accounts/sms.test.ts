import { describe, expect, it } from "vitest";
import { aliyunEncode, aliyunSignature, createDevSms } from "./sms.ts";

describe("SMS transports", () => {
  it("R-SEC-OTP-3 Alibaba Cloud encoding is RFC 3986 with space as %20 and ~ kept", () => {
    expect(aliyunEncode("a b*c~d!'()")).toBe("a%20b%2Ac~d%21%27%28%29");
    expect(aliyunEncode("江")).toBe("%E6%B1%9F");
  });

  it("R-SEC-OTP-3 the signature covers every parameter in sorted order", () => {
    const params = { B: "2", A: "1", TemplateParam: '{"code":"123456"}' };
    const signature = aliyunSignature("POST", params, "secret");
    expect(signature).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    expect(aliyunSignature("POST", { A: "1", TemplateParam: '{"code":"123456"}', B: "2" }, "secret")).toBe(signature);
    expect(aliyunSignature("POST", { ...params, B: "3" }, "secret")).not.toBe(signature);
    expect(aliyunSignature("POST", params, "other")).not.toBe(signature);
  });

  it("R-SEC-OTP-3 the development transport logs the code and keeps an outbox, newest first", async () => {
    const logged: unknown[] = [];
    const log = { info: (entry: unknown) => logged.push(entry) } as never;
    const dev = createDevSms(log, 2);
    await dev.send("13800000001", "111111");
    await dev.send("13800000002", "222222");
    await dev.send("13800000001", "333333");
    expect(dev.outbox().map((e) => e.code)).toEqual(["333333", "222222"]);
    expect(dev.outbox("13800000001").map((e) => e.code)).toEqual(["333333"]);
    expect(logged).toContainEqual({ tel: "13800000001", code: "111111" });
  });
});
