import { describe, expect, it } from "vitest";
import { chooseLiveScreen, liveStatusLabel } from "./live.ts";

const stream = { cover: "", name: "主机位", play_url: "/live.m3u8", type: "hls" };

describe("chooseLiveScreen", () => {
  it("R-ROUTE-7 a live without a playable stream shows the ImageScreen", () => {
    expect(chooseLiveScreen({ playlists: [], orientation: "landscape" })).toBe("ImageScreen");
    expect(chooseLiveScreen({ playlists: [{ ...stream, play_url: "" }], orientation: "portrait" })).toBe("ImageScreen");
    expect(chooseLiveScreen(undefined)).toBe("ImageScreen");
  });

  it("R-ROUTE-7 a stream shows the LandscapeScreen or PortraitScreen by orientation", () => {
    expect(chooseLiveScreen({ playlists: [stream], orientation: "landscape" })).toBe("LandscapeScreen");
    expect(chooseLiveScreen({ playlists: [stream], orientation: "portrait" })).toBe("PortraitScreen");
  });

  it("R-ROUTE-7 live status labels", () => {
    expect(liveStatusLabel("live")).toBe("直播中");
    expect(liveStatusLabel("upcoming")).toBe("未开始");
    expect(liveStatusLabel("ended")).toBe("已结束");
  });

  it("R-WEB-I18N R-ROUTE-7 live status labels on English pages", () => {
    expect(liveStatusLabel("live", "en")).toBe("Live");
    expect(liveStatusLabel("upcoming", "en")).toBe("Upcoming");
    expect(liveStatusLabel("ended", "en")).toBe("Ended");
  });
});
