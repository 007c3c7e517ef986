/**
 * A seconds countdown: `start(n)` reports n, n-1, … 0 once a second, then stops. Starting again
 * restarts it. Timers are injectable so tests can drive it with fake time.
 */
export interface Countdown {
  start(seconds: number): void;
  stop(): void;
  remaining(): number;
}

export function createCountdown(
  onTick: (secondsLeft: number) => void,
  timers: { setInterval: typeof setInterval; clearInterval: typeof clearInterval } = globalThis,
): Countdown {
  let left = 0;
  let handle: ReturnType<typeof setInterval> | null = null;

  function stop() {
    if (handle !== null) timers.clearInterval(handle);
    handle = null;
  }

  return {
    start(seconds) {
      stop();
      left = Math.max(0, Math.floor(seconds));
      onTick(left);
      if (left === 0) return;
      handle = timers.setInterval(() => {
        left -= 1;
        onTick(left);
        if (left <= 0) stop();
      }, 1000);
    },
    stop() {
      stop();
      left = 0;
    },
    remaining: () => left,
  };
}
