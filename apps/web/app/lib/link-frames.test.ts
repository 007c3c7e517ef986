import { describe, expect, it } from "vitest";
import { framedOnItsPage, linkPageAddress } from "./link-frames.ts";

describe("an h5 or link item's own page", () => {
  it("R-FIELD-2 frames paths of this site and https addresses of configured origins only", () => {
    const allowed = ["https://h5.example.com"];
    expect(framedOnItsPage("/media/h5/metro-map.html", allowed)).toBe(true);
    expect(framedOnItsPage("https://h5.example.com/vote/index.html", allowed)).toBe(true);
    expect(framedOnItsPage("https://H5.EXAMPLE.COM/vote", allowed)).toBe(true);
    expect(framedOnItsPage("http://h5.example.com/vote", allowed)).toBe(false);
    expect(framedOnItsPage("https://evil.example.net/", allowed)).toBe(false);
    expect(framedOnItsPage("//h5.example.com/vote", allowed)).toBe(false);
    expect(framedOnItsPage("not an address", allowed)).toBe(false);
  });

  it("R-FIELD-2 links only to site paths and http(s) addresses; a javascript: or data: address is dropped", () => {
    expect(linkPageAddress("/media/h5/metro-map.html")).toBe("/media/h5/metro-map.html");
    expect(linkPageAddress("https://h5.example.com/a?b=1")).toBe("https://h5.example.com/a?b=1");
    expect(linkPageAddress("http://h5.example.com/a")).toBe("http://h5.example.com/a");
    expect(linkPageAddress("javascript:alert(1)")).toBe("");
    expect(linkPageAddress("JaVaScRiPt:alert(1)")).toBe("");
    expect(linkPageAddress("data:text/html,<script>alert(1)</script>")).toBe("");
    expect(linkPageAddress("//evil.example.net/")).toBe("");
    expect(linkPageAddress("")).toBe("");
  });
});
