import { type RefObject, useLayoutEffect, useRef } from "react";
import { PlayIcon } from "../../components/icons.tsx";
import { useContentT } from "../../lib/i18n/content.ts";
import { playsHereAttribute, startPlayback } from "../../lib/play-here.ts";
import { choosePlayback, hlsMimeType, isHlsSource } from "./playback.ts";

/**
 * Points a media element at its source: files and natively playable HLS through `src`; other HLS
 * through hls.js, fetched with a dynamic import only then (it is large and most pages never need it).
 *
 * On an island page a player sleeps until it is tapped (decision 059): the island loader holds that
 * first tap and, once the island is hydrated, gives it back as a click dispatched on the media
 * element. Native controls do not answer a synthetic click, so such a click (never one of the
 * visitor's, which the browser marks trusted) plays the media here, once its source is attached:
 * at once for a file, after hls.js for a stream. Runs as a layout effect, before the island's first
 * commit resolves, so the listener is there when the held tap comes back.
 */
function useSource(
  ref: RefObject<HTMLMediaElement | null>,
  src: string,
  playButton?: RefObject<HTMLAnchorElement | null>,
) {
  useLayoutEffect(() => {
    const media = ref.current;
    if (!media || !src) return;
    let attached: Promise<void> = Promise.resolve();
    let detach: (() => void) | null = null;
    let cancelled = false;
    const playback = choosePlayback(src, media.canPlayType(hlsMimeType) !== "");
    if (playback === "native") {
      if (media.getAttribute("src") !== src) media.src = src;
    } else {
      attached = import("./hls-attach.ts")
        .then(({ attachHls }) => attachHls(media, src))
        .then((stop) => {
          if (cancelled) stop();
          else detach = stop;
        })
        .catch((error) => console.warn("hls.js failed to load:", error));
    }
    const onHeldTap = (event: Event) => {
      if (event.isTrusted) return;
      media.removeEventListener("click", onHeldTap);
      void attached.then(() => {
        if (cancelled || !media.paused) return;
        media.play().catch((error: unknown) => console.warn("the held tap could not start playback:", error));
      });
    };
    media.addEventListener("click", onHeldTap);
    // a poster's play button (decision 076): a tap, or the held one given back, shows the native controls
    // and plays; in the tap itself for a file, once hls.js is attached for a stream
    const button = playButton?.current;
    const onPlayButton = (event: Event) => {
      event.preventDefault();
      if (button && !button.hidden) startPlayback(media, button, playback === "native" ? undefined : attached);
    };
    button?.addEventListener("click", onPlayButton);
    return () => {
      cancelled = true;
      media.removeEventListener("click", onHeldTap);
      button?.removeEventListener("click", onPlayButton);
      if (detach) detach();
    };
  }, [ref, src, playButton]);
}

/**
 * A native video player: poster, controls, inline playback on phones (WeChat's X5 and iOS web views
 * too). File sources are in the server HTML, so the video plays before hydration. Nothing of the
 * media is fetched before the visitor plays it (`preload="none"`): the poster shows meanwhile, and the
 * page's pictures and text have the connection to themselves.
 *
 * `startsWithPoster` (decision 076): no native controls until the visitor plays it, and over the poster
 * a play button, a link to the media, which the page answers while the island sleeps (lib/play-here.ts).
 */
export function VideoPlayer(props: {
  src: string;
  poster: string;
  title: string;
  className?: string;
  autoPlay?: boolean;
  loop?: boolean;
  startsWithPoster?: boolean;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const playButton = useRef<HTMLAnchorElement>(null);
  useSource(ref, props.src, props.startsWithPoster ? playButton : undefined);
  const t = useContentT();
  const hls = isHlsSource(props.src);
  const video = (
    <video
      ref={ref}
      className={props.className ?? "video-player"}
      src={hls ? undefined : props.src}
      poster={props.poster || undefined}
      aria-label={props.title}
      controls={!props.startsWithPoster}
      playsInline
      webkit-playsinline="true"
      x5-playsinline="true"
      preload={props.autoPlay ? "auto" : "none"}
      autoPlay={props.autoPlay}
      muted={props.autoPlay}
      loop={props.loop}
      data-testid="video-player"
    >
      {hls ? <source src={props.src} type={hlsMimeType} /> : null}
    </video>
  );
  if (!props.startsWithPoster) return video;
  return (
    <>
      {video}
      <a
        ref={playButton}
        className="video-play"
        href={props.src}
        {...{ [playsHereAttribute]: "" }}
        aria-label={t("playVideo", { title: props.title })}
      >
        <span className="video-play-icon">
          <PlayIcon />
        </span>
      </a>
    </>
  );
}

/**
 * A native audio player with its cover and title above the controls. Like the video player it fetches
 * nothing before it is played; the page shows the length (`duration_str`) itself. The stylesheet shows
 * every part of Chrome's controls from the first frame (`.audio-player` in styles/media.css), so they are not
 * laid out again once Chrome has measured them.
 */
export function AudioPlayer(props: { src: string; title: string; onEnded?: () => void }) {
  const ref = useRef<HTMLAudioElement>(null);
  useSource(ref, props.src);
  return (
    // biome-ignore lint/a11y/useMediaCaption: the page shows the transcript (the item's body) as text under the player
    <audio
      ref={ref}
      className="audio-player"
      src={isHlsSource(props.src) ? undefined : props.src}
      aria-label={props.title}
      controls
      preload="none"
      onEnded={props.onEnded}
      data-testid="audio-player"
    />
  );
}
