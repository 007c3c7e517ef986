import { contentTypes } from "@davmu/contracts/content";
import { describe, expect, it } from "vitest";
import { contentTag } from "./content-tag.ts";

describe("contentTag", () => {
  it("R-UI-TAG a label only for svideo, video, h5, local_live, audio, image, audio_album, video_album, topic, mini_program, sp_topic", () => {
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

  it("R-WEB-I18N R-UI-TAG English pages tag the same types in English", () => {
    const tagged = contentTypes.filter((type) => contentTag(type) !== null);
    expect(contentTypes.filter((type) => contentTag(type, "en") !== null)).toEqual(tagged);
    expect(contentTag("image", "en")).toEqual({ label: "Gallery" });
    expect(contentTag("svideo", "en")?.label).toBe("Short video");
  });

  it("R-UI-TAG labels are short Chinese words", () => {
    expect(contentTag("image")).toEqual({ label: "图集" });
    expect(contentTag("local_live")?.label).toBe("直播");
    expect(contentTag("article")).toBeNull();
    expect(contentTag("special")).toBeNull();
  });
});
