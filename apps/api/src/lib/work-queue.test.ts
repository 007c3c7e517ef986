import { describe, expect, it } from "vitest";
import { createWorkQueue, WorkRefused } from "./work-queue.ts";

/** A job that runs until the test ends it, recording when it started. */
function heldJob(log: string[], name: string) {
  let end: (value: string) => void = () => {};
  const job = () => {
    log.push(`start ${name}`);
    return new Promise<string>((resolve) => (end = resolve));
  };
  return { job, end: (value = name) => end(value) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("work queue", () => {
  it("R-REL-5 runs at most `concurrency` jobs, keeps `capacity` waiting in order, and refuses one more at once", async () => {
    const queue = createWorkQueue({ concurrency: 2, capacity: 2 });
    const log: string[] = [];
    const jobs = ["a", "b", "c", "d"].map((name) => heldJob(log, name));
    const far = Date.now() + 60_000;
    const answers = jobs.map(({ job }) => queue.run(job, far));
    await settle();
    expect(log).toEqual(["start a", "start b"]);
    expect(queue).toMatchObject({ running: 2, waiting: 2 });
    expect(queue.full()).toBe(true);
    await expect(queue.run(async () => "e", far)).rejects.toMatchObject({ reason: "full" });
    jobs[1]?.end();
    await settle();
    expect(log).toEqual(["start a", "start b", "start c"]);
    jobs[0]?.end();
    await settle();
    expect(log).toEqual(["start a", "start b", "start c", "start d"]);
    jobs[2]?.end();
    jobs[3]?.end();
    expect(await Promise.all(answers)).toEqual(["a", "b", "c", "d"]);
    expect(queue).toMatchObject({ running: 0, waiting: 0 });
  });

  it("R-REL-5 a job still waiting at its deadline is refused unstarted; a started one is never cut short; a failing job frees its place", async () => {
    const queue = createWorkQueue({ concurrency: 1, capacity: 5 });
    const log: string[] = [];
    const first = heldJob(log, "first");
    const running = queue.run(first.job, Date.now() + 10);
    const late = queue.run(heldJob(log, "late").job, Date.now() + 30);
    const error = await late.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkRefused);
    expect(error).toMatchObject({ reason: "late" });
    expect(queue).toMatchObject({ running: 1, waiting: 0 });
    // the first job's deadline passed long ago: it had started, so it runs to its end
    first.end("done");
    expect(await running).toBe("done");
    await expect(queue.run(() => Promise.reject(new Error("bad picture")), Date.now() + 1000)).rejects.toThrow(
      "bad picture",
    );
    expect(await queue.run(async () => "after", Date.now() + 1000)).toBe("after");
    expect(log).toEqual(["start first"]);
  });
});
