/**
 * Plays an HLS playlist through hls.js (Media Source Extensions) where the browser has no native
 * HLS. This module and hls.js are fetched only when such a stream is on the page.
 * Answers a function that detaches it.
 */
export async function attachHls(media: HTMLMediaElement, src: string): Promise<() => void> {
  const { default: Hls } = await import("hls.js/light");
  if (!Hls.isSupported()) {
    media.src = src;
    return () => {};
  }
  const hls = new Hls({ enableWorker: false, maxBufferLength: 10 });
  hls.loadSource(src);
  hls.attachMedia(media);
  return () => hls.destroy();
}
