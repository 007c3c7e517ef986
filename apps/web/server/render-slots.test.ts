import { describe, expect, it } from "vitest";
import { createRenderSlots, RenderSlotRefused } from "./render-slots.ts";

const settled = async <T>(promise: Promise<T>) => {
  let state: "pending" | "resolved" | "rejected" = "pending";
  promise.then(
    () => {
      state = "resolved";
    },
    () => {
      state = "rejected";
    },
  );
  await new Promise((resolve) => setImmediate(resolve));
  return state;
};

describe("render slots (decision 082)", () => {
  it("R-WEB-SSR at most `limit` renders hold a slot; the others wait and are let in in order of arrival", async () => {
    const slots = createRenderSlots(2);
    const first = await slots.acquire(undefined, 1000);
    const second = await slots.acquire(undefined, 1000);
    const order: number[] = [];
    const waiting = [3, 4, 5].map((n) =>
      slots.acquire(undefined, 1000).then((release) => {
        order.push(n);
        return release;
      }),
    );
    expect(await settled(waiting[0] as Promise<unknown>)).toBe("pending");
    expect([slots.inUse, slots.waiting]).toEqual([2, 3]);
    first();
    const third = await waiting[0];
    expect([slots.inUse, slots.waiting]).toEqual([2, 2]);
    second();
    (await waiting[1])?.();
    third?.();
    (await waiting[2])?.();
    expect(order).toEqual([3, 4, 5]);
    expect([slots.inUse, slots.waiting]).toEqual([0, 0]);
  });

  it("R-WEB-SSR a slot given back twice frees one slot, not two", async () => {
    const slots = createRenderSlots(1);
    const release = await slots.acquire(undefined, 1000);
    const next = slots.acquire(undefined, 1000);
    release();
    release();
    const nextRelease = await next;
    const third = slots.acquire(undefined, 1000);
    expect(await settled(third)).toBe("pending");
    expect(slots.inUse).toBe(1);
    nextRelease();
    (await third)();
    expect([slots.inUse, slots.waiting]).toEqual([0, 0]);
  });

  it("R-WEB-SSR a render that waits past its bound is refused as busy, and leaves the queue", async () => {
    const slots = createRenderSlots(1);
    const held = await slots.acquire(undefined, 1000);
    const started = performance.now();
    const refusal = await slots.acquire(undefined, 50).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RenderSlotRefused);
    expect((refusal as RenderSlotRefused).reason).toBe("busy");
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(slots.waiting).toBe(0);
    held();
    expect(slots.inUse).toBe(0);
  });

  it("R-WEB-SSR a visitor who leaves while waiting gives up their place; one gone already is refused at once", async () => {
    const slots = createRenderSlots(1);
    const held = await slots.acquire(undefined, 1000);
    const leaving = new AbortController();
    const gone = slots.acquire(leaving.signal, 10_000).catch((error: unknown) => error);
    const staying = slots.acquire(undefined, 10_000);
    expect(slots.waiting).toBe(2);
    leaving.abort();
    expect(((await gone) as RenderSlotRefused).reason).toBe("gone");
    expect(slots.waiting).toBe(1);
    held();
    (await staying)();
    expect(slots.inUse).toBe(0);
    const refused = await slots.acquire(AbortSignal.abort(), 1000).catch((error: unknown) => error);
    expect((refused as RenderSlotRefused).reason).toBe("gone");
    expect(slots.inUse).toBe(0);
  });

  it("R-SRV-7 the number of slots is a positive integer", () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => createRenderSlots(bad)).toThrow(/positive integer/);
  });
});
