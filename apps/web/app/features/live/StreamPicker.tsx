import type { RoomPlaylist } from "./room-view.ts";

/** Several streams (camera positions during a live, parts of a replay): one button each. */
export function StreamPicker(props: {
  streams: RoomPlaylist[];
  current: number;
  replay: boolean;
  onPick(index: number): void;
}) {
  return (
    <div className="live-streams">
      {props.streams.map((s, i) => (
        <button
          key={s.play_url}
          type="button"
          className={i === props.current ? "live-stream is-current" : "live-stream"}
          aria-pressed={i === props.current}
          onClick={() => props.onPick(i)}
        >
          {s.name || `${props.replay ? "回放" : "机位"}${i + 1}`}
        </button>
      ))}
    </div>
  );
}
