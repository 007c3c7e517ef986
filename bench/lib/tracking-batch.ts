/**
 * The bench's batch of tracking events: 20 events of one device as pages send them, a view, a read
 * and three exposes of two items each, in turn. `tids` are the items' public ids (12 of them);
 * `ids` names each event, the device and the visit.
 */
const behaviors = ["view", "read", "expose", "expose", "expose"] as const;

export function benchEvents(
  tids: readonly string[],
  ids: { event: (i: number) => string; device: string; visit: string },
  now = Math.floor(Date.now() / 1000),
): Record<string, unknown>[] {
  const events = [];
  for (let i = 0; i < 20; i++) {
    const behavior = behaviors[i % behaviors.length] as string;
    const event: Record<string, unknown> = {
      event_id: ids.event(i),
      timestamp: now,
      version: "1",
      terminal: "wap",
      tid: behavior === "expose" ? `${tids[i % 12]}|${tids[(i + 1) % 12]}` : tids[i % 12],
      behavior,
      device_type: "IOS",
      device_os: "iOS 17.1",
      user_id: ids.device,
      visit: ids.visit,
    };
    if (behavior === "read") Object.assign(event, { duration: 30 + i, percent: 5 * i });
    if (behavior === "view") Object.assign(event, { page_type: "docDetailspage", series: "imagetext" });
    events.push(event);
  }
  return events;
}
