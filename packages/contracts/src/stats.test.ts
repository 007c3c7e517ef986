import { describe, expect, it } from "vitest";
import { contentTypes } from "./content.ts";
import { statsPageFor } from "./stats.ts";

describe("statsPageFor", () => {
  it("R-ENT-STATS maps each detail type to exactly the page type and series of spec §3", () => {
    const mapped = Object.fromEntries(
      contentTypes.flatMap((type) => {
        const page = statsPageFor(type);
        return page ? [[type, `${page.pageType}/${page.series}`]] : [];
      }),
    );
    expect(mapped).toEqual({
      article: "docDetailspage/imagetext",
      special: "specialHomepage/special",
      video: "videoDetailspage/video",
      svideo: "mpVideoDetailspage/svideo",
      audio: "audioDetailspage/audio",
      image: "galleryDetailspage/atlas",
      video_album: "videoAlbumDetailspage/video_album",
      audio_album: "audioAlbumDetailspage/audio_album",
      mini_program: "miniProgramDetailspage/mini_program",
      local_live: "localLiveDetailspage/local_live",
    });
  });

  it("R-ENT-STATS types without a detail page of their own have no statistics page", () => {
    for (const type of ["h5", "link", "topic", "sp_topic", "live", "cloud_form"] as const) {
      expect(statsPageFor(type)).toBeNull();
    }
  });
});
