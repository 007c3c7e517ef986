/**
 * A video that starts with its poster (decision 076): the server draws the `<video>` without native
 * controls and, over its poster, a play button that is a link to the media itself (`data-plays-here`).
 * Chromium builds the native controls, a tree of their own, as the element is parsed, which on a
 * phone held the poster's first paint back by about 0.2 s; here they are built when the visitor taps.
 * Without JavaScript, the link opens the media in the browser's own player. No React: the island
 * loader's entry (islands/boot.ts) imports this.
 */

/** The play button over a poster: a link to the media, answered by the page while the player sleeps. */
export const playsHereAttribute = "data-plays-here";

/** Whether the browser plays the media's source itself: a file in `src`, or a stream of a type it plays. */
export function playsNatively(media: HTMLMediaElement): boolean {
  if (media.getAttribute("src")) return true;
  const source = media.querySelector("source");
  return source !== null && media.canPlayType(source.type) !== "";
}

/**
 * Shows the native controls in place of the play button and plays: at once, inside the tap (iOS plays
 * only there), or once `ready` settles (a stream's hls.js attached).
 */
export function startPlayback(media: HTMLMediaElement, button: HTMLElement, ready?: Promise<unknown>): void {
  media.controls = true;
  button.hidden = true;
  const play = () => {
    media.play().catch((error: unknown) => console.warn("playback could not start:", error));
  };
  if (ready) void ready.then(play);
  else play();
}

/** The play button an event reached, and the video it starts (the one beside it), or null. */
function playButtonOf(target: EventTarget | null): { button: HTMLElement; media: HTMLMediaElement } | null {
  const button = target instanceof Element ? target.closest<HTMLElement>(`[${playsHereAttribute}]`) : null;
  const media = button?.parentElement?.querySelector("video") ?? null;
  return button && media ? { button, media } : null;
}

/**
 * The page's answer to the play button of a sleeping player (islands/boot.ts): where the browser plays
 * the source itself, its tap plays the video at once and the island sleeps on. False for a stream only
 * hls.js plays: the island wakes, and its player plays the held tap (MediaPlayer.tsx).
 */
export function answerPlayTap(event: Event): boolean {
  const found = playButtonOf(event.target);
  if (!found || !playsNatively(found.media)) return false;
  if (event.type === "click") startPlayback(found.media, found.button);
  return true;
}
