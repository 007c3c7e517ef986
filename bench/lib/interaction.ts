/**
 * What a first tap costs (R-WEB-ISLAND-3), from what the page recorded (bench/first-tap.ts): the
 * Event Timing entries of the tap's interaction (INP as the browser defines it: from the input to the
 * next paint after its handlers, the longest entry of the interaction), and the time from the tap to
 * the paint that shows the response.
 */

/** An Event Timing entry (`PerformanceEventTiming`) as the page hands it over. */
export interface EventEntry {
  name: string;
  interactionId: number;
  startTime: number;
  processingStart: number;
  processingEnd: number;
  duration: number;
}

/** What the page recorded for one tap, on its own clock (`performance.now()`, ms). */
export interface TapRecord {
  /** the tap's `pointerdown`, its `timeStamp`: the finger down (the island starts loading) */
  down: number | null;
  /**
   * the tap's `pointerup`, its `timeStamp`: the finger lifted, when the browser dispatches the tap's
   * click (and focuses a field); a response to the tap is counted from here, as Event Timing counts
   * the click from its own time
   */
  input: number | null;
  /** after the paint of the first frame in which the response was visible */
  visible: number | null;
  /** when the island took the tap (`data-awake` set), null if it had not when read */
  awake: number | null;
  /** the island was awake before the tap (woken by an earlier one) */
  awakeBefore?: boolean;
  entries: EventEntry[];
}

export interface TapFigures {
  /**
   * The tap's interaction latency as Event Timing reports it: the longest entry of the first
   * interaction that starts at or after the input. null when no entry reached the 16 ms threshold.
   */
  inp: number | null;
  /** the events of that interaction, in order (pointerdown, pointerup, click…) */
  events: string[];
  tapToVisible: number | null;
  tapToAwake: number | null;
  awakeBefore: boolean;
}

/** The latency of each interaction: the longest duration among its entries (web-vitals' rule). */
export function interactionLatencies(entries: EventEntry[]): Map<number, number> {
  const latencies = new Map<number, number>();
  for (const entry of entries) {
    if (!entry.interactionId) continue;
    latencies.set(entry.interactionId, Math.max(latencies.get(entry.interactionId) ?? 0, entry.duration));
  }
  return latencies;
}

export function tapFigures(record: TapRecord): TapFigures {
  const { input } = record;
  const awakeBefore = record.awakeBefore ?? false;
  if (input === null) return { inp: null, events: [], tapToVisible: null, tapToAwake: null, awakeBefore };
  const start = record.down ?? input;
  // the tap's entries start at its pointerdown; an entry's startTime is its event's timeStamp (a
  // millisecond of slack for the two clocks' rounding)
  const after = record.entries
    .filter((entry) => entry.interactionId && entry.startTime >= start - 1)
    .sort((a, b) => a.startTime - b.startTime);
  const first = after[0]?.interactionId;
  const own = after.filter((entry) => entry.interactionId === first);
  const inp = first === undefined ? null : (interactionLatencies(own).get(first) ?? null);
  return {
    inp,
    events: own.map((entry) => entry.name),
    tapToVisible: record.visible === null ? null : record.visible - input,
    tapToAwake: record.awake === null ? null : record.awake - input,
    awakeBefore,
  };
}
