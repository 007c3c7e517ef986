import type {
  Agreement,
  AgreementKind,
  AppDownloadUrls,
  AppInfo,
  NavigationItem,
  SiteConfig,
  SiteSettings,
} from "@davmu/contracts/app";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { repositoryPlugin } from "../../lib/repository-plugin.ts";

export const defaultPrimaryColor = "#FF4A26";

/** Keys of the settings table this module reads. */
export const settingKeys = {
  siteName: "site_name",
  descriptions: "descriptions",
  siteLogo: "site_logo",
  debug: "debug",
  appName: "app_name",
  primaryColor: "primary_color",
  appDownloadUrls: "app_download_urls",
} as const;

/** The setting holding a legal text (JSON: title, content, updated_at). */
export const agreementKey = (kind: AgreementKind) => `agreement_${kind}`;

/** Titles of the legal texts when the organisation gave none. */
export const agreementTitles: Record<AgreementKind, string> = { user: "用户协议", privacy: "隐私政策" };

interface StoredAgreement {
  title: string;
  content: string;
  updated_at: string;
}

/** Plain text as paragraphs: a blank line starts one; single line breaks stay within it. */
export function toParagraphs(content: string): string[] {
  return content
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== "");
}

export function createAppRepository(db: Kysely<Database>) {
  async function settings(): Promise<Map<string, string>> {
    const rows = await db.selectFrom("settings").select(["key", "value"]).execute();
    return new Map(rows.map((r) => [r.key, r.value]));
  }

  return {
    /** A legal text; an organisation that has not written it yet gets an empty one with its title. */
    async agreement(kind: AgreementKind): Promise<Agreement> {
      const row = await db
        .selectFrom("settings")
        .select("value")
        .where("key", "=", agreementKey(kind))
        .executeTakeFirst();
      let stored: Partial<StoredAgreement> = {};
      try {
        stored = row ? (JSON.parse(row.value) as StoredAgreement) : {};
      } catch {
        stored = {};
      }
      return {
        kind,
        title: stored.title || agreementTitles[kind],
        paragraphs: toParagraphs(stored.content ?? ""),
        updated_at: stored.updated_at ?? null,
      };
    },

    /** Writes a legal text (editors), replacing the previous one. */
    async saveAgreement(kind: AgreementKind, text: { title?: string; content: string }, now = new Date()) {
      const value = JSON.stringify({
        title: text.title?.trim() || agreementTitles[kind],
        content: text.content,
        updated_at: now.toISOString(),
      } satisfies StoredAgreement);
      await db
        .insertInto("settings")
        .values({ key: agreementKey(kind), value })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
        .execute();
      return this.agreement(kind);
    },

    /** What an invited reader gets, in the editors' words (`invite_reward`), when they set it. */
    async inviteReward(): Promise<string | undefined> {
      const row = await db.selectFrom("settings").select("value").where("key", "=", "invite_reward").executeTakeFirst();
      return row?.value;
    },

    /** The app's download addresses editors set, or null until they have (or when the stored value is unreadable). */
    async appDownloadUrls(): Promise<AppDownloadUrls | null> {
      const row = await db
        .selectFrom("settings")
        .select("value")
        .where("key", "=", settingKeys.appDownloadUrls)
        .executeTakeFirst();
      if (!row) return null;
      try {
        const stored = JSON.parse(row.value) as Partial<AppDownloadUrls>;
        return typeof stored.ios === "string" && typeof stored.android === "string"
          ? { ios: stored.ios, android: stored.android }
          : null;
      } catch {
        return null;
      }
    },

    async saveAppDownloadUrls(urls: AppDownloadUrls): Promise<AppDownloadUrls> {
      const value = JSON.stringify({ ios: urls.ios, android: urls.android });
      await db
        .insertInto("settings")
        .values({ key: settingKeys.appDownloadUrls, value })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
        .execute();
      return { ios: urls.ios, android: urls.android };
    },

    /** Sets the site's name, description and logo (an admin's settings, R-CONSOLE-4). */
    async saveSiteSettings(values: SiteSettings): Promise<SiteSettings> {
      const rows = [
        { key: settingKeys.siteName, value: values.site_name.trim() },
        { key: settingKeys.descriptions, value: values.descriptions.trim() },
        { key: settingKeys.siteLogo, value: values.site_logo },
      ];
      for (const row of rows) {
        await db
          .insertInto("settings")
          .values(row)
          .onConflict((oc) => oc.column("key").doUpdateSet({ value: row.value }))
          .execute();
      }
      return { site_name: rows[0]?.value ?? "", descriptions: rows[1]?.value ?? "", site_logo: values.site_logo };
    },

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
export type AppRepository = ReturnType<typeof createAppRepository>;

declare module "fastify" {
  interface FastifyInstance {
    appSettings: AppRepository;
  }
}

/** App info, site config and legal texts, one repository per app. */
export const appSettingsPlugin = repositoryPlugin("app-settings", "appSettings", (app) =>
  createAppRepository(app.database.db),
);
