/**
 * Keys in the order their windows were opened, each with the time its window ends. Where every window
 * of a queue has the same length, the first entries end first, so the ended windows are found at the
 * front in constant time per window, however many are open: the per-device limit of the tracking
 * beacon and the rate-limit counters kept in this process drop their ended windows with it. The clock
 * is taken not to go back; if it does, windows are dropped late, never early.
 */
export function endingOrder() {
  let entries: Array<{ key: string; endsAt: number }> = [];
  let head = 0;
  const compact = (keep?: (key: string, endsAt: number) => boolean) => {
    entries = entries.slice(head);
    if (keep) entries = entries.filter((e) => keep(e.key, e.endsAt));
    head = 0;
  };
  return {
    add(key: string, endsAt: number) {
      entries.push({ key, endsAt });
    },
    /** Hands `end` each window that ended by `now`, the oldest first, and forgets it. */
    expire(now: number, end: (key: string, endsAt: number) => void) {
      while (head < entries.length) {
        const first = entries[head] as { key: string; endsAt: number };
        if (first.endsAt > now) break;
        end(first.key, first.endsAt);
        head += 1;
      }
      if (head > 4096 && head * 2 > entries.length) compact();
    },
    /** Keeps only the windows `keep` accepts (those a holder put out early leave entries behind). */
    prune(keep: (key: string, endsAt: number) => boolean) {
      compact(keep);
    },
    /** Windows not yet expired. */
    size: () => entries.length - head,
  };
}
export type EndingOrder = ReturnType<typeof endingOrder>;
