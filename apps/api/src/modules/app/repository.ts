import type { AppInfo, NavigationItem, SiteConfig } from "@davmu/contracts/app";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

export const defaultPrimaryColor = "#FF4A26";

/** Keys of the settings table this module reads. */
export const settingKeys = {
  siteName: "site_name",
  descriptions: "descriptions",
  siteLogo: "site_logo",
  debug: "debug",
  appName: "app_name",
  primaryColor: "primary_color",
} as const;

export function createAppRepository(db: Kysely<Database>) {
  async function settings(): Promise<Map<string, string>> {
    const rows = await db.selectFrom("settings").select(["key", "value"]).execute();
    return new Map(rows.map((r) => [r.key, r.value]));
  }

  return {
    /** The site config as stored; empty strings where a value is unset (the site applies its defaults). */
    async siteConfig(): Promise<SiteConfig> {
      const s = await settings();
      return {
        site_name: s.get(settingKeys.siteName) ?? "",
        descriptions: s.get(settingKeys.descriptions) ?? "",
        site_logo: s.get(settingKeys.siteLogo) ?? "",
        debug: s.get(settingKeys.debug) === "true",
      };
    },

    async appInfo(): Promise<AppInfo> {
      const s = await settings();
      const rows = await db.selectFrom("nav_items").selectAll().orderBy("position").execute();
      const navigationItems: NavigationItem[] = rows.map((row) => ({
        id: row.id,
        title: row.title,
        binding: row.binding,
        category: row.category,
        isHome: row.is_home === 1,
        layout: row.layout,
        groups: JSON.parse(row.groups_json),
        icons: JSON.parse(row.icons_json),
        labelColor: row.label_color,
        labelSelectedColor: row.label_selected_color,
      }));
      const color = s.get(settingKeys.primaryColor);
      return {
        name: s.get(settingKeys.appName) ?? s.get(settingKeys.siteName) ?? "",
        primaryColor: color && /^#[0-9A-Fa-f]{6}$/.test(color) ? color : defaultPrimaryColor,
        bottomNavigationBar: { navigationItems },
      };
    },
  };
}
