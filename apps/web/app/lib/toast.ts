/**
 * One toast at a time, in order. A toast stays 2 s; when others wait, it gives way after 0.8 s so
 * a burst does not keep the visitor waiting. The same text twice in a row shows once.
 */
export const toastDurationMs = 2000;
export const toastMinimumMs = 800;
const maxWaiting = 3;

export interface ToastItem {
  id: number;
  text: string;
}

type Timers = { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout };

export function createToastQueue(timers: Timers = globalThis) {
  let current: ToastItem | null = null;
  let shownAt = 0;
  let waiting: ToastItem[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let nextId = 1;
  const listeners = new Set<() => void>();

  const emit = () => {
    for (const listener of listeners) listener();
  };

  function schedule(ms: number) {
    if (timer !== null) timers.clearTimeout(timer);
    timer = timers.setTimeout(advance, ms);
  }

  function advance() {
    timer = null;
    current = waiting.shift() || null;
    shownAt = Date.now();
    if (current) schedule(waiting.length > 0 ? toastMinimumMs : toastDurationMs);
    emit();
  }

  return {
    show(text: string) {
      if (!text) return;
      const last = waiting.length > 0 ? waiting[waiting.length - 1] : current;
      if (last && last.text === text) {
        if (last === current && waiting.length === 0) schedule(toastDurationMs);
        return;
      }
      const item = { id: nextId++, text };
      if (!current) {
        current = item;
        shownAt = Date.now();
        schedule(toastDurationMs);
        emit();
        return;
      }
      waiting.push(item);
      if (waiting.length > maxWaiting) waiting = waiting.slice(-maxWaiting);
      // the one on screen gives way once it has been seen for the minimum time
      schedule(Math.max(0, toastMinimumMs - (Date.now() - shownAt)));
    },
    current: () => current,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The page's toast queue. */
export const toasts = createToastQueue();

export function toast(text: string): void {
  toasts.show(text);
}
