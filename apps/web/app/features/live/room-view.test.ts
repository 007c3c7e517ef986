import type { LiveRoom } from "@davmu/contracts/live";
import { describe, expect, it } from "vitest";
import { tabsOf, toRoomView } from "./room-view.ts";

const detail: LiveRoom = {
  live_id: "L1",
  post_id: "L1",
  group_id: "culture",
  title: "音乐会",
  cover: "/media/cover.jpg",
  intro: "曲目：《春节序曲》",
  status: 0,
  orientation: "landscape",
  start_time: "2026-11-24T12:00:00.000Z",
  end_time: null,
  online_count: 12,
  view_count: 2680,
  share_count: 3,
  live_count: 40,
  like_count: 99,
  booking_count: 5,
  seq: 40,
  columns: [
    { enable_chat: true, group_id: "chat", link_url: "", name: "互动", type: "chat" },
    { enable_chat: false, group_id: "intro", link_url: "", name: "节目单", type: "intro" },
    { enable_chat: false, group_id: "tickets", link_url: "/davmu/share/", name: "购票", type: "link" },
  ],
  playlists: [{ cover: "/media/p.jpg", name: "主机位", play_url: "/media/a.m3u8", type: "hls" }],
  countdown_switch: true,
  countdown_text: "距离开演还有",
  notice_switch: true,
  notice_text: "开演前提醒你",
  disclaimer: "仅供观看",
  backgrounds: { portrait: "/media/bg-p.jpg", landscape: "/media/bg-l.jpg" },
  share_link: "https://news.example.com/davmu/share/news/local_live/2026/11/L1/index.html",
  booked: false,
  pinned: null,
};

describe("the live room's view of its detail", () => {
  it("R-ENT-LIVE columns become tabs: chat where enabled, the introduction, links with their address", () => {
    expect(tabsOf(detail.columns)).toEqual([
      { key: "chat-0", name: "互动", kind: "chat", url: "" },
      { key: "intro-1", name: "节目单", kind: "intro", url: "" },
      { key: "link-2", name: "购票", kind: "link", url: "/davmu/share/" },
    ]);
    const noChat = detail.columns.map((c) => ({ ...c, enable_chat: false }));
    expect(tabsOf(noChat).map((t) => t.kind)).toEqual(["intro", "link"]);
    expect(tabsOf([]).map((t) => t.kind)).toEqual(["intro"]);
  });

  it("R-ENT-LIVE the page reads status, times, counts, playlists, switches, notice, disclaimer and background", () => {
    const room = toRoomView(null, detail, { summary: "摘要", cover: "/media/item.jpg", views: 1 });
    expect(room).toMatchObject({
      liveId: "L1",
      status: "upcoming",
      orientation: "landscape",
      startTime: "2026-11-24T12:00:00.000Z",
      online: 12,
      likes: 99,
      views: 2680,
      countdown: true,
      countdownText: "距离开演还有",
      notice: "开演前提醒你",
      disclaimer: "仅供观看",
      background: "/media/bg-l.jpg",
      intro: "曲目：《春节序曲》",
    });
    expect(room.playlists).toHaveLength(1);
    expect(toRoomView(null, { ...detail, notice_switch: false }, { summary: "", cover: "", views: 0 }).notice).toBe("");
    expect(
      toRoomView(null, { ...detail, orientation: "portrait", status: 3 }, { summary: "", cover: "", views: 0 }),
    ).toMatchObject({ orientation: "portrait", status: "replay", background: "/media/bg-p.jpg" });
  });

  it("R-ENT-LIVE without a room the item's own live is drawn, without chat", () => {
    const room = toRoomView(
      {
        status: "live",
        orientation: "portrait",
        start_time: "2026-11-24T10:00:00.000Z",
        end_time: null,
        online_count: 867,
        playlists: [],
        images: [],
      },
      null,
      { summary: "摘要", cover: "/media/item.jpg", views: 5 },
    );
    expect(room).toMatchObject({ liveId: null, status: "live", orientation: "portrait", online: 867, intro: "摘要" });
    expect(room.tabs.map((t) => t.kind)).toEqual(["intro"]);
  });
});
