import { describe, expect, it } from "vitest";
import { choosePlayback, isHlsSource } from "./playback.ts";

describe("choosePlayback", () => {
  it("R-LIVE-3 files play natively", () => {
    expect(choosePlayback("/media/video/river-egrets.mp4", false)).toBe("native");
    expect(choosePlayback("/media/audio/morning-news.m4a", false)).toBe("native");
  });

  it("R-LIVE-3 HLS plays natively where the browser can, else through hls.js", () => {
    expect(choosePlayback("/media/video/hls/marathon/index.m3u8", true)).toBe("native");
    expect(choosePlayback("/media/video/hls/marathon/index.m3u8", false)).toBe("hls.js");
    expect(choosePlayback("https://cdn.example.com/live.M3U8?token=1", false)).toBe("hls.js");
  });

  it("R-LIVE-3 only playlist addresses count as HLS", () => {
    expect(isHlsSource("/a.m3u8#t=1")).toBe(true);
    expect(isHlsSource("/m3u8/video.mp4")).toBe(false);
  });
});
