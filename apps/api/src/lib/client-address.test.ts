import { describe, expect, it } from "vitest";
import { badHostHeader, isLoopback, isValidForwardedProto, isValidHost } from "./client-address.ts";

describe("client addresses and host headers", () => {
  it("R-SEC-PROXY loopback is 127.0.0.0/8 and ::1, in either notation", () => {
    for (const address of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"]) expect(isLoopback(address)).toBe(true);
    for (const address of ["10.0.0.1", "::ffff:10.0.0.1", "1127.0.0.1", "", undefined]) {
      expect(isLoopback(address), String(address)).toBe(false);
    }
  });

  it("R-SRV-4 hosts a URL can be built on are valid; anything else is not", () => {
    for (const host of [
      "localhost",
      "localhost:3000",
      "127.0.0.1:8080",
      "[::1]",
      "[::1]:443",
      "share.example.com",
      "a_b.example",
    ]) {
      expect(isValidHost(host), host).toBe(true);
    }
    for (const host of [
      "",
      "bad host",
      "a/b",
      "user@host",
      "host:99999",
      "host:",
      "[zz]",
      "a\\b",
      "x".repeat(300),
      "例子.中国 ",
    ]) {
      expect(isValidHost(host), host).toBe(false);
    }
  });

  it("R-SRV-4 forwarded protocols are http or https, alone or chained", () => {
    expect(isValidForwardedProto("https")).toBe(true);
    expect(isValidForwardedProto("https, http")).toBe(true);
    expect(isValidForwardedProto("javascript")).toBe(false);
    expect(isValidForwardedProto("https://x")).toBe(false);
  });

  it("R-SRV-4 names the header that is bad, or none", () => {
    expect(badHostHeader({ host: "localhost" })).toBeNull();
    expect(badHostHeader({})).toBeNull();
    expect(badHostHeader({ host: "a b" })).toBe("Host");
    expect(badHostHeader({ host: "ok", "x-forwarded-host": "ok, bad one" })).toBe("X-Forwarded-Host");
    expect(badHostHeader({ host: "ok", "x-forwarded-proto": "ftp" })).toBe("X-Forwarded-Proto");
  });
});
