import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/database.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { anonymousSessionCacheMs, createSessionRepository, hashToken } from "./sessions.ts";

const DAY = 24 * 60 * 60 * 1000;

describe("session lookups", () => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = openDatabase({ dialect: "sqlite", path: ":memory:" });
    await migrateToLatest(handle.db);
  });
  afterEach(() => handle.destroy());

  const revokeInDatabase = (token: string, now: number) =>
    handle.db.updateTable("sessions").set({ revoked_at: now }).where("token_hash", "=", hashToken(token)).execute();

  it("R-SEC-TOKEN an anonymous lookup is reused for a minute, then read again from the database", async () => {
    const sessions = createSessionRepository(handle.db);
    const start = 1_000_000;
    const { token } = await sessions.createAnonymous("device-1", 30, start);
    expect((await sessions.findActive(token, start))?.kind).toBe("anonymous");
    await revokeInDatabase(token, start + 1);
    expect((await sessions.findActive(token, start + anonymousSessionCacheMs - 1))?.kind).toBe("anonymous");
    expect(await sessions.findActive(token, start + anonymousSessionCacheMs)).toBeNull();
  });

  it("R-SEC-TOKEN a reused anonymous lookup never outlives the token's expiry", async () => {
    const sessions = createSessionRepository(handle.db);
    const { token, expiresAt } = await sessions.createAnonymous(null, 1, 0);
    expect(expiresAt).toBe(DAY);
    expect(await sessions.findActive(token, DAY - 1000)).not.toBeNull();
    expect(await sessions.findActive(token, DAY)).toBeNull();
  });

  it("R-SEC-TOKEN a user token is read from the database every time, and logout ends any token at once", async () => {
    const sessions = createSessionRepository(handle.db);
    const now = 5_000_000;
    const user = await handle.db
      .insertInto("users")
      .values({ phone: "13900001234", alias: "读者", avatar: "", created_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { token } = await sessions.createForUser(user.id, null, 30, now);
    expect((await sessions.findActive(token, now))?.userId).toBe(user.id);
    await revokeInDatabase(token, now + 1);
    expect(await sessions.findActive(token, now + 2)).toBeNull();

    const anonymous = await sessions.createAnonymous(null, 30, now);
    const session = await sessions.findActive(anonymous.token, now);
    await sessions.revoke(session?.id as number, now + 1);
    expect(await sessions.findActive(anonymous.token, now + 2)).toBeNull();
  });

  it("R-SEC-TOKEN an unknown token is refused", async () => {
    const sessions = createSessionRepository(handle.db);
    expect(await sessions.findActive("x".repeat(43))).toBeNull();
  });
});
