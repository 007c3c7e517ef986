import { createCountdown } from "../../lib/countdown.ts";
import type { LiveRoomStatus } from "./types.ts";

export interface StartWatchOptions {
  startTime: string;
  now?: () => number;
  /** asks the server whether the live has begun (GET live info) */
  confirm(): Promise<LiveRoomStatus>;
  onTick(secondsLeft: number): void;
  /** the live is no longer upcoming: the page swaps the countdown for the player */
  onStatus(status: LiveRoomStatus): void;
  timers?: {
    setInterval: typeof setInterval;
    clearInterval: typeof clearInterval;
    setTimeout: typeof setTimeout;
    clearTimeout: typeof clearTimeout;
  };
  /** how long to wait before asking again while the server still says upcoming */
  retryMs?: number;
}

/**
 * The countdown before a live (R-LIVE-3): it ticks each second down to the start; at zero it asks the
 * server, and again every few seconds while the server still says "upcoming" (a late start). A
 * `status` frame from the room ends it at once (`statusChanged`). Either way the page changes without
 * a reload.
 */
export function createStartWatch(options: StartWatchOptions) {
  const timers = options.timers ?? globalThis;
  const now = options.now ?? Date.now;
  const retryMs = options.retryMs ?? 5000;
  let done = false;
  let retry: ReturnType<typeof setTimeout> | null = null;

  function finish(status: LiveRoomStatus) {
    if (done) return;
    done = true;
    countdown.stop();
    if (retry !== null) timers.clearTimeout(retry);
    retry = null;
    options.onStatus(status);
  }

  function check() {
    retry = null;
    if (done) return;
    options
      .confirm()
      .then(
        (status) => {
          if (status !== "upcoming") finish(status);
        },
        () => {},
      )
      .then(() => {
        if (!done) retry = timers.setTimeout(check, retryMs);
      });
  }

  const countdown = createCountdown((left) => {
    options.onTick(left);
    if (left === 0 && !done && retry === null) check();
  }, timers);

  return {
    start() {
      countdown.start(Math.ceil((Date.parse(options.startTime) - now()) / 1000));
    },
    statusChanged(status: LiveRoomStatus) {
      if (status !== "upcoming") finish(status);
    },
    stop() {
      done = true;
      countdown.stop();
      if (retry !== null) timers.clearTimeout(retry);
      retry = null;
    },
  };
}
