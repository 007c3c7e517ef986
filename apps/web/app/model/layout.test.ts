import { contentTypes } from "@davmu/contracts/content";
import { describe, expect, it } from "vitest";
import { decideDejinLayout, decideDetailLayout, decideListLayout } from "./layout.ts";

const phone = { miniProgram: false, mobile: true };
const mini = { miniProgram: true, mobile: true };
const desktop = { miniProgram: false, mobile: false };

describe("decideDetailLayout", () => {
  it("R-LAYOUT-3 header shows unless in the mini program or on a mobile live page", () => {
    expect(decideDetailLayout("article", phone).header).toBe(true);
    expect(decideDetailLayout("video", mini).header).toBe(false);
    expect(decideDetailLayout("local_live", phone).header).toBe(false);
    expect(decideDetailLayout("local_live", desktop).header).toBe(true);
    expect(decideDetailLayout("local_live", mini).header).toBe(false);
  });

  it("R-LAYOUT-3 related, comments and recommendations except for gallery, audio_album, svideo, special and local_live", () => {
    const without = contentTypes.filter((type) => !decideDetailLayout(type, phone).bottomLists);
    expect(without.sort()).toEqual(["audio_album", "image", "local_live", "special", "svideo"]);
    for (const type of ["article", "video", "audio", "video_album", "mini_program"] as const) {
      expect(decideDetailLayout(type, mini).bottomLists).toBe(true);
    }
  });

  it("R-LAYOUT-3 comment footer hidden for audio_album, svideo, special and local_live", () => {
    const without = contentTypes.filter((type) => !decideDetailLayout(type, phone).commentFooter);
    expect(without.sort()).toEqual(["audio_album", "local_live", "special", "svideo"]);
    expect(decideDetailLayout("image", phone).commentFooter).toBe(true);
  });

  it("R-LAYOUT-3 the router control and login popup appear only in the mini program", () => {
    expect(decideDetailLayout("article", mini)).toMatchObject({ routerControl: true, loginPopup: true });
    expect(decideDetailLayout("article", phone)).toMatchObject({ routerControl: false, loginPopup: false });
  });
});

describe("decideListLayout", () => {
  it("R-LAYOUT-4 header outside the mini program; footer, router control and login popup inside it", () => {
    expect(decideListLayout(phone)).toEqual({ header: true, footer: false, routerControl: false, loginPopup: false });
    expect(decideListLayout(mini)).toEqual({ header: false, footer: true, routerControl: true, loginPopup: true });
  });
});

describe("decideDejinLayout", () => {
  it("R-LAYOUT-2 header everywhere, the comment footer only on the dejin detail page", () => {
    expect(decideDejinLayout("detail")).toEqual({ header: true, commentFooter: true });
    for (const page of ["catalog", "content", "personal", "topic"] as const) {
      expect(decideDejinLayout(page)).toEqual({ header: true, commentFooter: false });
    }
  });

  it("R-LAYOUT-1 the default layout adds nothing: pages outside the other layouts get no footer rules", () => {
    expect(decideListLayout({ miniProgram: false, mobile: false }).footer).toBe(false);
  });
});
