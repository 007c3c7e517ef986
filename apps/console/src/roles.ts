import type { Role } from "./api.ts";

/**
 * Which roles reach each screen (R-CONSOLE-2), as the API's calls declare them (packages/contracts,
 * `roles`): an admin reaches everything. The sidebar shows only these; the API refuses the rest anyway.
 * - moderator: comments and report comments, the tips inbox, live chat;
 * - editor: preview links, live rooms (and their chat), forms, activities, local information, the
 *   app's download addresses;
 * - analyst: stats, read only;
 * - admin alone: site settings (name, description, logo), accounts, the audit trail.
 */
export const screenRoles = {
  moderation: ["moderator"],
  tips: ["moderator"],
  "live-chat": ["moderator", "editor"],
  previews: ["editor"],
  live: ["editor"],
  forms: ["editor"],
  activities: ["editor"],
  local: ["editor"],
  app: ["editor"],
  stats: ["analyst"],
  settings: [],
  accounts: [],
  audit: [],
  security: ["editor", "moderator", "analyst"],
} as const satisfies Record<string, readonly Role[]>;

export type Screen = keyof typeof screenRoles;

export const canSee = (role: Role, screen: Screen) =>
  role === "admin" || (screenRoles[screen] as readonly Role[]).includes(role);
