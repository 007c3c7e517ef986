import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** Calls the fake API received, by name. */
const asked: string[] = [];
let refuse = false;
const client = {
  auth: () => Promise.resolve({ code: 0, msg: "", data: { token: "anonymous" } }),
  mpInfo: ({ params }: { params: { id: string } }) => {
    asked.push(`mpInfo ${params.id}`);
    return Promise.resolve(
      refuse ? { code: 500, msg: "忙", data: null } : { code: 0, msg: "", data: { name: params.id } },
    );
  },
};
vi.mock("@davmu/contracts/client", () => ({
  createApiClient: () => client,
  ApiTransportError: class extends Error {},
  ApiAnswerError: class extends Error {},
}));
vi.mock("@davmu/contracts/answer-check", () => ({ createAnswerCheck: () => () => null }));
vi.mock("./env.server.ts", () => ({ webEnv: () => ({ apiBase: "http://api.test", apiBaseIsOwn: false }) }));

const { callApiShared, dropSharedAnswers, sharedAnswerCount, sharedAnswerMax, sharedAnswerMs, sharedAnswerSweepAt } =
  await import("./api.server.ts");
type Client = typeof client;
const account = (id: string, now: number) =>
  callApiShared(`mp-info:${id}`, (c) => (c as unknown as Client).mpInfo({ params: { id } }) as never, now);

beforeEach(() => {
  asked.length = 0;
  refuse = false;
  dropSharedAnswers();
});
afterEach(() => dropSharedAnswers());

describe("answers renders share (callApiShared)", () => {
  it("R-WEB-SSR one call per key serves every render for a few seconds; another key is another call", async () => {
    const now = 1_000_000;
    expect(await account("Mp1", now)).toEqual({ code: 0, msg: "", data: { name: "Mp1" } });
    await account("Mp1", now + 1);
    await account("Mp1", now + sharedAnswerMs - 1);
    await account("Mp2", now);
    expect(asked).toEqual(["mpInfo Mp1", "mpInfo Mp2"]);
    await account("Mp1", now + sharedAnswerMs);
    expect(asked).toEqual(["mpInfo Mp1", "mpInfo Mp2", "mpInfo Mp1"]);
  });

  it("R-WEB-SSR an answer that says no is not kept: the next render asks again", async () => {
    refuse = true;
    expect((await account("Mp1", 5)).code).toBe(500);
    await Promise.resolve();
    refuse = false;
    expect((await account("Mp1", 6)).code).toBe(0);
    expect(asked).toEqual(["mpInfo Mp1", "mpInfo Mp1"]);
  });

  it("R-WEB-SSR answers kept per key do not pile up: past the bound, expired ones are forgotten", async () => {
    for (let i = 0; i < sharedAnswerSweepAt; i++) await account(`Old${i}`, 0);
    expect(sharedAnswerCount()).toBe(sharedAnswerSweepAt);
    // still fresh: nothing is forgotten
    await account("Fresh", sharedAnswerMs - 1);
    expect(sharedAnswerCount()).toBe(sharedAnswerSweepAt + 1);
    // all but the last are expired now
    await account("Later", sharedAnswerMs + 1);
    expect(sharedAnswerCount()).toBe(2);
    await account("Fresh", sharedAnswerMs + 2);
    expect(asked.filter((call) => call === "mpInfo Fresh")).toHaveLength(1);
  });

  it("R-WEB-SSR a burst of distinct keys none expired keeps at most the hard bound: the one kept longest goes first", async () => {
    for (let i = 0; i < sharedAnswerMax + 50; i++) await account(`Burst${i}`, 100);
    expect(sharedAnswerCount()).toBe(sharedAnswerMax);
    // the newest are kept, the first ones went
    await account(`Burst${sharedAnswerMax + 49}`, 101);
    await account("Burst0", 101);
    expect(asked.filter((call) => call === `mpInfo Burst${sharedAnswerMax + 49}`)).toHaveLength(1);
    expect(asked.filter((call) => call === "mpInfo Burst0")).toHaveLength(2);
    expect(sharedAnswerCount()).toBe(sharedAnswerMax);
    // once they expire, they are swept
    await account("AfterBurst", 100 + sharedAnswerMs + 2);
    expect(sharedAnswerCount()).toBe(1);
  });

  it("R-WEB-SSR a refusal arriving after a change dropped its key does not drop the newer answer", async () => {
    let release: ((answer: unknown) => void) | null = null;
    const slow = callApiShared("slow", () => new Promise((resolve) => (release = resolve)) as never, 200);
    // a change drops the answer in flight; the next render asks again, and that answer is kept
    dropSharedAnswers();
    const ask = (now: number) =>
      callApiShared("slow", (c) => (c as unknown as Client).mpInfo({ params: { id: "Slow" } }) as never, now);
    expect((await ask(201)).code).toBe(0);
    await vi.waitFor(() => expect(release).not.toBeNull());
    // the old call's refusal arrives late: the newer answer stays kept
    (release as unknown as (answer: unknown) => void)({ code: 500, msg: "忙", data: null });
    expect((await slow).code).toBe(500);
    await ask(202);
    expect(asked.filter((call) => call === "mpInfo Slow")).toHaveLength(1);
  });
});
