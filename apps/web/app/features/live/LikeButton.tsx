import { useEffect, useRef, useState } from "react";
import { formatBigNumber } from "../../model/format.ts";
import { HeartIcon } from "./HeartIcon.tsx";
import { createLikeBatcher, type LikeBatcher } from "./likes.ts";
import type { RoomApi } from "./room-api.ts";

const heartColors = ["#ff4a26", "#ff7a45", "#ff4d8d", "#ffb020", "#ff6b6b"];

/**
 * The like button (R-CONTENT-10): each tap adds one at once and floats a heart up (CSS; with reduced
 * motion, no hearts fly); the taps go to the server in aggregate, at most one request a second.
 */
export function LikeButton(props: { api: () => RoomApi; total: number | null; initial: number }) {
  const batcher = useRef<LikeBatcher | null>(null);
  const highest = useRef(0);
  const [hearts, setHearts] = useState<{ id: number; color: string; drift: number }[]>([]);
  const next = useRef(0);
  const api = useRef(props.api);
  api.current = props.api;

  useEffect(
    () => () => {
      batcher.current?.stop();
    },
    [],
  );

  // the server's total counts the taps it has; those still waiting are added; the count never goes back
  const waiting = batcher.current ? batcher.current.pending() : 0;
  const shown = Math.max(highest.current, (props.total ?? props.initial) + waiting);
  highest.current = shown;

  function tap() {
    if (!batcher.current) batcher.current = createLikeBatcher((count, id) => api.current().like(count, id));
    batcher.current.tap();
    next.current += 1;
    const id = next.current;
    const heart = { id, color: heartColors[id % heartColors.length] ?? "#ff4a26", drift: ((id * 37) % 41) - 20 };
    setHearts((list) => list.slice(-11).concat(heart));
  }

  return (
    <div className="live-like">
      <span className="live-hearts" aria-hidden="true">
        {hearts.map((heart) => (
          <span
            key={heart.id}
            className="live-heart"
            style={{ color: heart.color, ["--drift" as string]: `${heart.drift}px` }}
            onAnimationEnd={() => setHearts((list) => list.filter((h) => h.id !== heart.id))}
          >
            ♥
          </span>
        ))}
      </span>
      <button type="button" className="live-like-button" aria-label="点赞" onClick={tap} data-testid="live-like">
        <HeartIcon />
      </button>
      <span className="live-like-count">{formatBigNumber(shown)}</span>
    </div>
  );
}
