/** How a media source is played: the element itself, or hls.js over Media Source Extensions. */
export type Playback = "native" | "hls.js";

export function isHlsSource(src: string): boolean {
  return /\.m3u8(?:$|[?#])/i.test(src);
}

/**
 * Files play natively; an HLS playlist plays natively where the browser can (iOS, some Android web
 * views), else through hls.js, which is loaded only then (R-LIVE-3).
 */
export function choosePlayback(src: string, canPlayNativeHls: boolean): Playback {
  return isHlsSource(src) && !canPlayNativeHls ? "hls.js" : "native";
}

export const hlsMimeType = "application/vnd.apple.mpegurl";
