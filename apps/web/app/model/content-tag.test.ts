import { contentTypes } from "@davmu/contracts/content";
import { describe, expect, it } from "vitest";
import { contentTag } from "./content-tag.ts";

describe("contentTag", () => {
  it("R-UI-TAG a label or icon only for svideo, video, h5, local_live, audio, image, audio_album, video_album, topic, mini_program, sp_topic", () => {
    const tagged = contentTypes.filter((type) => contentTag(type) !== null);
    expect(tagged.sort()).toEqual(
      [
        "svideo",
        "video",
        "h5",
        "local_live",
        "audio",
        "image",
        "audio_album",
        "video_album",
        "topic",
        "mini_program",
        "sp_topic",
      ].sort(),
    );
  });

  it("R-UI-TAG labels are short Chinese words", () => {
    expect(contentTag("image")).toEqual({ label: "图集", icon: "image" });
    expect(contentTag("local_live")?.label).toBe("直播");
    expect(contentTag("article")).toBeNull();
    expect(contentTag("special")).toBeNull();
  });
});
