import type { ApiClient } from "@davmu/contracts/client";
import type { ClueReportSummary, ClueTopicDetail } from "@davmu/contracts/clue-reports";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  appendChannelPage,
  changeChannelType,
  channelLimit,
  type DejinCall,
  hasMore,
  initReport,
  initReporter,
} from "./store.ts";

type Recorded = { call: string; input: unknown };

/** A client whose every call records its input and answers what `answer` says for its name. */
function fakeRun(answer: (call: string) => unknown): { run: DejinCall; calls: Recorded[] } {
  const calls: Recorded[] = [];
  const client = new Proxy({} as ApiClient, {
    get: (_target, name: string) => async (input: unknown) => {
      calls.push({ call: name, input });
      const result = answer(name);
      if (result instanceof Error) throw result;
      return result;
    },
  });
  const run: DejinCall = (call) => call(client);
  return { run, calls };
}

const ok = (data: unknown) => ({ code: 0, msg: "ok", data });
const summary = (id: string): ClueReportSummary => ({
  id,
  title: id,
  summary: "",
  cover: "",
  picture_count: 0,
  has_video: false,
  status: "pending",
  topics: [],
  view_sum: 0,
  author: { alias: "a", avatar: "" },
  reported_at: "2026-11-20T00:00:00.000Z",
});

describe("the dejin store (R-STORE-1)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("R-STORE-1 initReport(postId) loads the report's detail by its id", async () => {
    const { run, calls } = fakeRun(() => ok({ id: "p1", title: "路灯" }));
    const loaded = await initReport(run, "p1");
    expect(loaded).toEqual({ state: "ready", data: { id: "p1", title: "路灯" } });
    expect(calls).toEqual([{ call: "clueReport", input: { params: { id: "p1" } } }]);
  });

  it("R-STORE-1 initReporter(userId) loads the profile, then the clues, mentions and news items 10 at a time", async () => {
    const { run, calls } = fakeRun((call) =>
      call === "clueReporter" ? ok({ user_id: "u1", name: "林晓澜" }) : ok({ list: [], total: 0, page: 1, limit: 10 }),
    );
    const loaded = await initReporter(run, "u1");
    expect(loaded.state).toBe("ready");
    expect(calls.map((c) => c.call)).toEqual([
      "clueReporter",
      "clueReporterClues",
      "clueReporterMentions",
      "clueReporterPosts",
    ]);
    expect(calls[1]?.input).toEqual({ params: { id: "u1" }, query: { page: 1, limit: 10 } });
  });

  it("R-STORE-1 changeChannelType(topicName) asks for 10 sorted by view_sum, page by page", async () => {
    const { run, calls } = fakeRun(() => ok({ list: [], total: 0, page: 2, limit: 10, sort: "view_sum" }));
    await changeChannelType(run, "街坊 身边事/🔥", 2);
    expect(channelLimit).toBe(10);
    expect(calls).toEqual([
      {
        call: "clueTopic",
        input: { params: { name: "街坊 身边事/🔥" }, query: { page: 2, limit: 10, sort: "view_sum" } },
      },
    ]);
  });

  it("R-ERR-2 a failed report, reporter or topic load is only logged and reads as failed; a 404 reads as missing", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const down = fakeRun(() => new Error("socket hang up"));
    expect(await initReport(down.run, "p1")).toEqual({ state: "failed" });
    expect(await changeChannelType(down.run, "t")).toEqual({ state: "failed" });
    expect(await initReporter(down.run, "u1")).toEqual({ state: "failed" });
    const refused = fakeRun(() => ({ code: 503, msg: "busy", data: null }));
    expect(await initReport(refused.run, "p1")).toEqual({ state: "failed" });
    expect(warn).toHaveBeenCalledTimes(4);
    const missing = fakeRun(() => ({ code: 404, msg: "报料不存在或已撤回", data: null }));
    expect(await initReport(missing.run, "p1")).toEqual({ state: "missing" });
  });

  it("R-ERR-2 a reporter whose tabs fail still shows the profile, each tab failing on its own", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { run } = fakeRun((call) =>
      call === "clueReporter"
        ? ok({ user_id: "u1" })
        : call === "clueReporterPosts"
          ? new Error("down")
          : ok({ list: [], total: 0, page: 1, limit: 10 }),
    );
    const loaded = await initReporter(run, "u1");
    if (loaded.state !== "ready") throw new Error("expected the profile");
    expect(loaded.data.clues.state).toBe("ready");
    expect(loaded.data.posts.state).toBe("failed");
  });

  it("R-STORE-1 load more appends the next page, each report once, until the total", () => {
    const first = { list: [summary("a"), summary("b")], page: 1, total: 3 };
    expect(hasMore(first)).toBe(true);
    const next = { topic: {}, sort: "view_sum", list: [summary("b"), summary("c")], total: 3, page: 2, limit: 10 };
    const grown = appendChannelPage(first, next as unknown as ClueTopicDetail);
    expect(grown.list.map((r) => r.id)).toEqual(["a", "b", "c"]);
    expect(hasMore(grown)).toBe(false);
  });
});
