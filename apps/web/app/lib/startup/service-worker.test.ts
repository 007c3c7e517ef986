import { describe, expect, it, vi } from "vitest";
import { registerServiceWorker, serviceWorkerScope, serviceWorkerUrl } from "./service-worker.ts";

describe("service worker registration", () => {
  it("R-SITE-8 registers /davmu/share/sw.js with scope /davmu/share/", () => {
    const register = vi.fn(() => Promise.resolve({}));
    registerServiceWorker({ serviceWorker: { register } } as never);
    expect(register).toHaveBeenCalledWith("/davmu/share/sw.js", { scope: "/davmu/share/" });
    expect([serviceWorkerUrl, serviceWorkerScope]).toEqual(["/davmu/share/sw.js", "/davmu/share/"]);
  });
  it("R-SITE-8 where service workers are unsupported or refused, the error is swallowed", async () => {
    expect(() => registerServiceWorker({} as never)).not.toThrow();
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    expect(() =>
      registerServiceWorker({
        get serviceWorker(): never {
          throw new Error("SecurityError");
        },
      } as never),
    ).not.toThrow();
    const refused = vi.fn(() => Promise.reject(new Error("insecure")));
    registerServiceWorker({ serviceWorker: { register: refused } } as never);
    await Promise.resolve();
    await Promise.resolve();
    expect(info).toHaveBeenCalled();
    info.mockRestore();
  });
});
