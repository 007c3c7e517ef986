export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` holds, at most `ms`; answers how long it took, or null. */
export async function within(ms: number, check: () => Promise<boolean> | boolean): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < ms) {
    if (await check()) return performance.now() - started;
    await sleep(20);
  }
  return null;
}
