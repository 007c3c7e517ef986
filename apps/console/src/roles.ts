import type { Role } from "./api.ts";

/**
 * Which roles reach each screen, as the API's calls declare them (packages/contracts, `roles`): an
 * admin reaches everything. The sidebar shows only these; the API refuses the rest anyway.
 */
export const screenRoles = {
  moderation: ["moderator"],
  tips: ["moderator"],
  previews: ["editor"],
  live: ["editor"],
  forms: ["editor"],
  activities: ["editor"],
  local: ["editor"],
  settings: ["editor"],
  stats: ["analyst"],
  accounts: [],
  audit: [],
  security: ["editor", "moderator", "analyst"],
} as const satisfies Record<string, readonly Role[]>;

export type Screen = keyof typeof screenRoles;

export const canSee = (role: Role, screen: Screen) =>
  role === "admin" || (screenRoles[screen] as readonly Role[]).includes(role);
