/**
 * Notices of changed data (a content item's id, a revoked session's id), for caches to drop what
 * they hold. In process by default; bridged (`bridge`) to the other instances through Redis when
 * REDIS_URL is set (R-SCALE-1), so a change made through one instance reaches every instance's caches.
 */
export interface ChangeFeed<T> {
  /** Tells this process's listeners, and the other instances when bridged. */
  publish(value: T): void;
  /** Answers a function that stops the subscription. */
  subscribe(listener: (value: T) => void): () => void;
  /** Carries every change published here to the other instances, and theirs to the listeners here. */
  bridge(transport: ChangeTransport<T>): void;
}

/** How changes travel between instances (plugins/redis.ts). */
export interface ChangeTransport<T> {
  /** Sends a change made here to the other instances; never throws (a lost notice only delays a cache). */
  send(value: T): void;
  /** Calls `receive` with each change another instance sent. */
  listen(receive: (value: T) => void): void;
}

export function createChangeFeed<T>(): ChangeFeed<T> {
  const listeners = new Set<(value: T) => void>();
  let transport: ChangeTransport<T> | null = null;
  const deliver = (value: T) => {
    for (const listener of listeners) listener(value);
  };
  return {
    publish(value) {
      deliver(value);
      transport?.send(value);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    bridge(next) {
      transport = next;
      next.listen(deliver);
    },
  };
}
