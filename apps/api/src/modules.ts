import type { ApiModule } from "./lib/api-module.ts";
import { accountsModule } from "./modules/accounts/module.ts";
import { activitiesModule } from "./modules/activities/module.ts";
import { appModule } from "./modules/app/module.ts";
import { circlesModule } from "./modules/circles/module.ts";
import { clueReportsModule } from "./modules/clue-reports/module.ts";
import { commentModerationModule, commentsModule } from "./modules/comments/module.ts";
import { contentImportModule, contentModule } from "./modules/content/module.ts";
import { editorsModule } from "./modules/editors/module.ts";
import { formsModule } from "./modules/forms/module.ts";
import { healthModule } from "./modules/health/module.ts";
import { invitesModule } from "./modules/invites/module.ts";
import { lawModule } from "./modules/law/module.ts";
import { lbsModule } from "./modules/lbs/module.ts";
import { liveModule } from "./modules/live/module.ts";
import { mediaAccountsModule } from "./modules/media-accounts/module.ts";
import { openAppModule } from "./modules/open-app/module.ts";
import { pichoModule } from "./modules/picho/module.ts";
import { previewModule } from "./modules/preview/module.ts";
import { reactionsModule } from "./modules/reactions/module.ts";
import { searchModule } from "./modules/search/module.ts";
import { statsModule } from "./modules/stats/module.ts";
import { tipsModule } from "./modules/tips/module.ts";
import { trackingModule } from "./modules/tracking/module.ts";
import { wechatModule } from "./modules/wechat/module.ts";

/**
 * The API's modules (decision 048), the one list a new area is added to. Routes are registered in
 * this order (it is the order of the OpenAPI document's paths); repositories each after those they
 * depend on.
 */
export const apiModules: readonly ApiModule[] = [
  healthModule,
  accountsModule,
  editorsModule,
  commentsModule,
  reactionsModule,
  mediaAccountsModule,
  appModule,
  contentModule,
  searchModule,
  contentImportModule,
  commentModerationModule,
  trackingModule,
  statsModule,
  wechatModule,
  openAppModule,
  previewModule,
  invitesModule,
  lbsModule,
  activitiesModule,
  liveModule,
  clueReportsModule,
  pichoModule,
  circlesModule,
  lawModule,
  formsModule,
  tipsModule,
];
