import { describe, expect, it } from "vitest";
import { isDark, schemeCookie, schemeFromCookieHeader, toggledScheme } from "./color-scheme.ts";

describe("colour scheme", () => {
  it("R-SITE-13 the dark-mode flag comes from the davmu_theme cookie, else the system", () => {
    expect(schemeFromCookieHeader("davmu_theme=dark")).toBe("dark");
    expect(schemeFromCookieHeader("a=b; davmu_theme=light")).toBe("light");
    expect(schemeFromCookieHeader("davmu_theme=purple")).toBeNull();
    expect(schemeFromCookieHeader(null)).toBeNull();
    expect(isDark(null, true)).toBe(true);
    expect(isDark("light", true)).toBe(false);
    expect(isDark("dark", false)).toBe(true);
  });
  it("R-SITE-13 the switch flips what the visitor sees and the choice is kept a year", () => {
    expect(toggledScheme(null, false)).toBe("dark");
    expect(toggledScheme(null, true)).toBe("light");
    expect(toggledScheme("dark", false)).toBe("light");
    expect(schemeCookie("dark", "/davmu/share/")).toBe(
      "davmu_theme=dark; Max-Age=31536000; Path=/davmu/share/; SameSite=Lax",
    );
    expect(schemeCookie(null, "/")).toContain("Max-Age=0");
  });
});
