import { useEffect, useRef } from "react";
import { createStartWatch } from "./start-watch.ts";
import type { LiveRoomStatus } from "./types.ts";

/**
 * Runs the countdown (R-LIVE-3): ticks once a second into `onTick`; at zero asks the server
 * (`confirm`) and hands a new status to `onStatus`; `statusSeen`, the status the room's socket
 * reported, ends it at once when it is no longer upcoming. Draws nothing.
 */
export function StartWatch(props: {
  startTime: string;
  statusSeen: LiveRoomStatus;
  confirm(): Promise<LiveRoomStatus>;
  onTick(left: number): void;
  onStatus(status: LiveRoomStatus): void;
}) {
  const latest = useRef(props);
  latest.current = props;
  const watch = useRef<ReturnType<typeof createStartWatch> | null>(null);

  useEffect(() => {
    const made = createStartWatch({
      startTime: props.startTime,
      confirm: () => latest.current.confirm(),
      onTick: (left) => latest.current.onTick(left),
      onStatus: (status) => latest.current.onStatus(status),
    });
    watch.current = made;
    made.start();
    return () => made.stop();
  }, [props.startTime]);

  useEffect(() => {
    watch.current?.statusChanged(props.statusSeen);
  }, [props.statusSeen]);
  return null;
}
