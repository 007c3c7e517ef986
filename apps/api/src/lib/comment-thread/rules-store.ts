import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { defaultRules, type ModerationRules } from "./moderation.ts";
import { storedModerationRules } from "./thread-repository.ts";

/** The editors' banned and masked words (settings.moderation_rules), else the default rules. */
export async function loadModerationRules(db: Kysely<Database>, log: FastifyBaseLogger): Promise<ModerationRules> {
  const value = await storedModerationRules(db);
  if (value === undefined) return defaultRules;
  try {
    const parsed = JSON.parse(value) as Partial<ModerationRules>;
    return { banned: parsed.banned ?? defaultRules.banned, masked: parsed.masked ?? defaultRules.masked };
  } catch {
    log.warn("settings.moderation_rules is not JSON; using the default rules");
    return defaultRules;
  }
}
