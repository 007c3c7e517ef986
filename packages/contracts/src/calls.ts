import * as accounts from "./calls/accounts.ts";
import * as activities from "./calls/activities.ts";
import * as app from "./calls/app.ts";
import * as circles from "./calls/circles.ts";
import * as clueReports from "./calls/clue-reports.ts";
import * as comments from "./calls/comments.ts";
import * as content from "./calls/content.ts";
import * as editors from "./calls/editors.ts";
import * as forms from "./calls/forms.ts";
import * as health from "./calls/health.ts";
import * as invites from "./calls/invites.ts";
import * as law from "./calls/law.ts";
import * as lbs from "./calls/lbs.ts";
import * as live from "./calls/live.ts";
import * as mediaAccounts from "./calls/media-accounts.ts";
import * as picho from "./calls/picho.ts";
import * as preview from "./calls/preview.ts";
import * as reactions from "./calls/reactions.ts";
import * as search from "./calls/search.ts";
import * as tips from "./calls/tips.ts";
import * as tracking from "./calls/tracking.ts";
import * as wechat from "./calls/wechat.ts";

/**
 * Every call of the platform API by name, each declared once in `calls/<area>.ts`. The API registers
 * its routes from these, the OpenAPI document describes them, and the site's client has one method per
 * entry. In the site's browser build this module is replaced by its route table (method, path, access)
 * without the schemas (apps/web/vite.config.ts).
 */
export const calls = {
  ...accounts,
  ...activities,
  ...app,
  ...circles,
  ...clueReports,
  ...comments,
  ...content,
  ...editors,
  ...forms,
  ...health,
  ...invites,
  ...law,
  ...lbs,
  ...live,
  ...mediaAccounts,
  ...picho,
  ...preview,
  ...reactions,
  ...search,
  ...tips,
  ...tracking,
  ...wechat,
};

export type Calls = typeof calls;
export type CallName = keyof Calls;
