/** In-process notices of changed data (a content item's id, say), for caches to drop what they hold. */
export interface ChangeFeed<T> {
  publish(value: T): void;
  /** Answers a function that stops the subscription. */
  subscribe(listener: (value: T) => void): () => void;
}

export function createChangeFeed<T>(): ChangeFeed<T> {
  const listeners = new Set<(value: T) => void>();
  return {
    publish(value) {
      for (const listener of listeners) listener(value);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
