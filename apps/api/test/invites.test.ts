import { inviteCodeCapacity } from "@davmu/contracts/invites";
import { demoInviteCode, demoInviteReward } from "@davmu/demo/areas/invites";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helper.ts";

describe("invitation cards", () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer();
    await server.seedDemo();
    token = await server.anonymousToken();
  });
  afterAll(() => server.close());

  it("R-INVITE-1 a code's card names the inviter and what the reader gets; accepting it through POST /peony/v1/account counts, once", async () => {
    const card = await server.get(`/peony/v1/invite/card/${demoInviteCode}`, token);
    expect(card.status).toBe(200);
    expect(card.body.data).toMatchObject({
      code: demoInviteCode,
      inviter: { alias: "江澜小编" },
      invited_count: 0,
      capacity: inviteCodeCapacity,
      used_up: false,
      reward: demoInviteReward,
    });
    // lower case is the same code
    expect((await server.get(`/peony/v1/invite/card/${demoInviteCode.toLowerCase()}`, token)).status).toBe(200);
    const reader = await server.login("13911110001");
    const accepted = await server.post("/peony/v1/account", { invite_code: demoInviteCode }, reader.token);
    expect(accepted.status).toBe(200);
    const twice = await server.post("/peony/v1/account", { invite_code: demoInviteCode }, reader.token);
    expect(twice.status).toBe(409);
    expect((await server.get(`/peony/v1/invite/card/${demoInviteCode}`, token)).body.data.invited_count).toBe(1);
    const inviter = await server.login("13800138000");
    const record = await server.get("/peony/v1/invite/record", inviter.token);
    expect(record.body.data.list.map((r: { user_id: string }) => r.user_id)).toEqual([reader.userId]);
  });

  it("R-INVITE-1 a code that has brought its capacity of readers is used up", async () => {
    const inviter = await server.login("13911110002");
    const me = await server.get(`/peony/v1/account/${inviter.userId}`, inviter.token);
    const code = me.body.data.invite_code as string;
    const db = server.database.handle.db;
    const inviterId = (
      await db.selectFrom("users").select("id").where("invite_code", "=", code).executeTakeFirstOrThrow()
    ).id;
    for (let i = 0; i < inviteCodeCapacity; i++) {
      await db
        .insertInto("users")
        .values({
          phone: `1370000${String(i).padStart(4, "0")}`,
          alias: `读者${i}`,
          avatar: "",
          created_at: Date.now(),
          invite_code: `CAP${String(i).padStart(5, "0")}`,
          invited_by: inviterId,
          invited_at: Date.now(),
        } as never)
        .execute();
    }
    const card = await server.get(`/peony/v1/invite/card/${code}`, token);
    expect(card.body.data).toMatchObject({ invited_count: inviteCodeCapacity, used_up: true });
  });

  it("R-INVITE-1 51 readers entering one code at once through POST /peony/v1/account: exactly its 50 places are taken, the rest are told it is used up", async () => {
    const inviter = await server.login("13911110003");
    const me = await server.get(`/peony/v1/account/${inviter.userId}`, inviter.token);
    const code = me.body.data.invite_code as string;
    const db = server.database.handle.db;
    // 51 readers, each with a user token (made directly: the SMS flow is tested elsewhere)
    const tokens: string[] = [];
    for (let i = 0; i <= inviteCodeCapacity; i++) {
      const row = await db
        .insertInto("users")
        .values({
          phone: `1360000${String(i).padStart(4, "0")}`,
          alias: `并发读者${i}`,
          avatar: "",
          created_at: Date.now(),
          invite_code: `PAR${String(i).padStart(5, "0")}`,
          invited_by: null,
          invited_at: null,
        } as never)
        .returning("id")
        .executeTakeFirstOrThrow();
      tokens.push((await server.app.sessions.createForUser(row.id, null, 1)).token);
    }
    const answers = await Promise.all(
      tokens.map((reader) => server.post("/peony/v1/account", { invite_code: code }, reader)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(inviteCodeCapacity);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ status: 409, body: { msg: "该邀请码名额已用完" } });
    const { n } = await db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("invite_code", "like", "PAR%")
      .where("invited_by", "is not", null)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(inviteCodeCapacity);
    const card = await server.get(`/peony/v1/invite/card/${code}`, token);
    expect(card.body.data).toMatchObject({ invited_count: inviteCodeCapacity, used_up: true });
  });

  it("R-INVITE-1 ten pairs of readers entering each other's codes at the same moment all succeed", async () => {
    const db = server.database.handle.db;
    const readers: { token: string; code: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const code = `CRS${String(i).padStart(5, "0")}`;
      const row = await db
        .insertInto("users")
        .values({
          phone: `1350000${String(i).padStart(4, "0")}`,
          alias: `交叉读者${i}`,
          avatar: "",
          created_at: Date.now(),
          invite_code: code,
          invited_by: null,
          invited_at: null,
        } as never)
        .returning("id")
        .executeTakeFirstOrThrow();
      readers.push({ token: (await server.app.sessions.createForUser(row.id, null, 1)).token, code });
    }
    // pairs (0,1), (2,3), …: each enters the other's code at once
    const answers = await Promise.all(
      readers.map((reader, i) =>
        server.post("/peony/v1/account", { invite_code: (readers[i ^ 1] as { code: string }).code }, reader.token),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
  });

  it("R-INVITE-1 unknown and malformed codes, and no token, are refused clearly", async () => {
    const unknown = await server.get("/peony/v1/invite/card/ZZZZ9999", token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe("邀请码不存在");
    for (const bad of ["abc", "x".repeat(17), "ab-cd", "%E4%BD%A0%E5%A5%BD"]) {
      expect((await server.get(`/peony/v1/invite/card/${bad}`, token)).status, bad).toBe(400);
    }
    expect((await server.get(`/peony/v1/invite/card/${demoInviteCode}`, null)).status).toBe(401);
  });
});
