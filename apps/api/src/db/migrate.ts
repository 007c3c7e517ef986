import type { Kysely } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import * as initial from "./migrations/001-initial.ts";
import * as accountsInteraction from "./migrations/002-accounts-interaction.ts";
import * as commentThreadPages from "./migrations/003-comment-thread-pages.ts";
import * as contentTypes from "./migrations/004-content-types.ts";
import * as navigation from "./migrations/005-navigation.ts";
import * as contentThumbnails from "./migrations/006-content-thumbnails.ts";
import * as tracking from "./migrations/007-tracking.ts";
import * as openApp from "./migrations/008-open-app.ts";
import * as previews from "./migrations/009-previews.ts";
import * as localInfo from "./migrations/010-local-info.ts";
import * as activities from "./migrations/011-activities.ts";
import * as live from "./migrations/012-live.ts";
import * as clueReports from "./migrations/013-clue-reports.ts";
import * as tips from "./migrations/014-tips.ts";
import * as circlesLaw from "./migrations/015-circles-law.ts";
import * as cloudForms from "./migrations/016-cloud-forms.ts";
import * as trackingIngest from "./migrations/017-tracking-ingest.ts";
import * as clueReportComments from "./migrations/018-clue-report-comments.ts";
import * as trackingEventRows from "./migrations/019-tracking-event-rows.ts";
import * as editors from "./migrations/020-editors.ts";
import * as userBans from "./migrations/021-user-bans.ts";
import * as textModeration from "./migrations/022-text-moderation.ts";
import * as liveModeration from "./migrations/023-live-moderation.ts";
import * as previewLinks from "./migrations/024-preview-links.ts";
import * as articleBodiesCleaned from "./migrations/025-article-bodies-cleaned.ts";
import * as articleBodiesSealed from "./migrations/026-article-bodies-sealed.ts";
import * as passwordLockout from "./migrations/027-password-lockout.ts";
import * as editorOneTimePasswords from "./migrations/028-editor-one-time-passwords.ts";
import * as passwordGuards from "./migrations/029-password-guards.ts";
import * as editorPasswordExpiry from "./migrations/030-editor-password-expiry.ts";
import * as editorFailuresForgotten from "./migrations/031-editor-failures-forgotten.ts";
import type { Database } from "./schema.ts";

/** Every migration, in order. Names sort in the order they must run. */
export const migrations: Record<string, Migration> = {
  "001-initial": initial,
  "002-accounts-interaction": accountsInteraction,
  "003-comment-thread-pages": commentThreadPages,
  "004-content-types": contentTypes,
  "005-navigation": navigation,
  "006-content-thumbnails": contentThumbnails,
  "007-tracking": tracking,
  "008-open-app": openApp,
  "009-previews": previews,
  "010-local-info": localInfo,
  "011-activities": activities,
  "012-live": live,
  "013-clue-reports": clueReports,
  "014-tips": tips,
  "015-circles-law": circlesLaw,
  "016-cloud-forms": cloudForms,
  "017-tracking-ingest": trackingIngest,
  "018-clue-report-comments": clueReportComments,
  "019-tracking-event-rows": trackingEventRows,
  "020-editors": editors,
  "021-user-bans": userBans,
  "022-text-moderation": textModeration,
  "023-live-moderation": liveModeration,
  "024-preview-links": previewLinks,
  "025-article-bodies-cleaned": articleBodiesCleaned,
  "026-article-bodies-sealed": articleBodiesSealed,
  "027-password-lockout": passwordLockout,
  "028-editor-one-time-passwords": editorOneTimePasswords,
  "029-password-guards": passwordGuards,
  "030-editor-password-expiry": editorPasswordExpiry,
  "031-editor-failures-forgotten": editorFailuresForgotten,
};

export function createMigrator(db: Kysely<Database>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const { error, results } = await createMigrator(db).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`migration ${failed?.migrationName ?? "(unknown)"} failed: ${cause}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
