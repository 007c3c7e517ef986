import { beforeEach, describe, expect, it, vi } from "vitest";

// the API as the site's server reaches it, answering what each test sets
const answers: { current: () => Promise<unknown> } = { current: async () => ({ code: 0, msg: "ok", data: {} }) };
vi.mock("../../lib/server/api.server.ts", () => ({ callApi: () => answers.current() }));

const { loadOptional, loadRequired } = await import("./load.server.ts");

describe("loading the community pages on the server", () => {
  const errors = vi.spyOn(console, "error").mockImplementation(() => {});
  beforeEach(() => {
    errors.mockClear();
  });

  it("R-ROUTE-1 an unknown or refused item goes to /404; another failure draws the 502 page and is logged", async () => {
    answers.current = async () => ({ code: 404, msg: "圈子不存在或已关闭", data: null });
    const missing = (await loadRequired("circle", () => Promise.resolve(null as never)).catch((e) => e)) as Response;
    expect(missing.status).toBe(302);
    expect(missing.headers.get("location")).toBe("/404");
    answers.current = async () => ({ code: 400, msg: "话题名称不能超过 30 个字", data: null });
    expect(
      ((await loadRequired("topic", () => Promise.resolve(null as never)).catch((e) => e)) as Response).status,
    ).toBe(302);
    answers.current = async () => ({ code: 503, msg: "服务繁忙", data: null });
    const failed = (await loadRequired("circle", () => Promise.resolve(null as never)).catch((e) => e)) as {
      init?: { status?: number };
    };
    expect(failed.init?.status).toBe(502);
    expect(String(errors.mock.calls[0]?.[0])).toContain('"what":"circle"');
  });

  it("a list that fails to load is logged and left out (the page offers 重新加载), whether refused or unreachable", async () => {
    answers.current = async () => ({ code: 0, msg: "ok", data: { list: [1] } });
    expect(await loadOptional("circle posts", () => Promise.resolve(null as never))).toEqual({ list: [1] });
    answers.current = async () => ({ code: 500, msg: "服务器错误", data: null });
    expect(await loadOptional("circle posts", () => Promise.resolve(null as never))).toBeNull();
    answers.current = async () => {
      throw new Error("connect ECONNREFUSED");
    };
    expect(await loadOptional("law answers", () => Promise.resolve(null as never))).toBeNull();
    const logged = errors.mock.calls.map((call) => JSON.parse(String(call[0])));
    expect(logged).toEqual([
      expect.objectContaining({ level: "error", what: "circle posts", code: 500 }),
      expect.objectContaining({ level: "error", what: "law answers", code: null, detail: "connect ECONNREFUSED" }),
    ]);
  });
});
