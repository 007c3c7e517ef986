import { spawnSync } from "node:child_process";
import { createHash, randomBytes, scryptSync } from "node:crypto";
import { existsSync } from "node:fs";
import { startRedis } from "@davmu/test-support/launch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app.ts";
import { editorCommand } from "../src/modules/editors/command.ts";
import { totpCode } from "../src/modules/editors/totp.ts";
import { startTestServer, type TestServer, testDialect } from "./helper.ts";
import { createEditorAccount, editorSession, loginEditor } from "./support/editors.ts";

describe("editor accounts", () => {
  let server: TestServer;
  let second: App;
  let secondBase: string;

  let redis: Awaited<ReturnType<typeof startRedis>> | null = null;

  beforeAll(async () => {
    // deployed as several instances: one database and, where installed, one Redis
    if (existsSync("/usr/bin/redis-server")) redis = await startRedis();
    server = await startTestServer(redis ? { REDIS_URL: redis.url } : {});
    // a second instance over the same database, as a cluster runs
    second = await buildApp(server.config, { database: server.database.handle, logger: false });
    await second.listen({ host: "127.0.0.1", port: 0 });
    const address = second.server.address();
    secondBase = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  }, 30_000);
  afterAll(async () => {
    await second?.close();
    await server?.close();
    await redis?.child.stop();
  });

  const login = (body: unknown) => server.post("/editor/v1/login", body);

  it("R-CONSOLE-1 an editor logs in with email and password for an httpOnly SameSite=Strict cookie and a CSRF token", async () => {
    const account = await createEditorAccount(server, "moderator");
    const answer = await login({ email: account.email.toUpperCase(), password: account.password });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const cookie = answer.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^davmu_console=[\w-]{43}; Path=\/editor; HttpOnly; SameSite=Strict; Max-Age=\d+$/);
    expect(answer.body.data.editor).toMatchObject({ email: account.email, role: "moderator", disabled: false });
    expect(answer.body.data.csrf_token).toMatch(/^[\w-]{43}$/);
    // nothing secret in the answer
    const text = JSON.stringify(answer.body);
    expect(text).not.toContain("scrypt");
    expect(text).not.toContain(cookie.split(";")[0]?.split("=")[1]);
    const headers = { cookie: cookie.split(";")[0] as string };
    const me = await server.get("/editor/v1/me", null, headers);
    expect(me.status).toBe(200);
    expect(me.body.data.csrf_token).toBe(answer.body.data.csrf_token);
    expect(me.body.data.editor).not.toHaveProperty("password_hash");
    expect(me.body.data.editor).not.toHaveProperty("totp_secret");
  });

  it("R-CONSOLE-1 a wrong password, an unknown email and bad bodies are refused with a clear message", async () => {
    const account = await createEditorAccount(server, "editor");
    const wrong = await login({ email: account.email, password: "not-the-password" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.msg).toBe("邮箱或密码错误");
    const unknown = await login({ email: "nobody@newsroom.test", password: "whatever-password" });
    expect(unknown.status).toBe(401);
    expect(unknown.body.msg).toBe("邮箱或密码错误");
    for (const body of [
      {},
      { email: account.email },
      { password: "x" },
      { email: "no-at-sign", password: "x" },
      { email: account.email, password: "" },
      { email: account.email, password: "x", totp: "12345" },
      "not json",
    ]) {
      const answer = await login(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.msg).not.toBe("");
    }
  });

  it("R-CONSOLE-1 a lock tells nothing about the email: an unknown one is counted and locked as an account's is", async () => {
    const account = await createEditorAccount(server, "editor");
    const unknown = `nobody-${Date.now()}@newsroom.test`;
    const answersOf = async (email: string) => {
      const answers = [];
      for (let i = 0; i < 6; i++) {
        const answer = await login({ email, password: `a-guess-${i}` });
        answers.push({ status: answer.status, msg: answer.body.msg });
      }
      return answers;
    };
    const known = await answersOf(account.email);
    expect(known.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 423]);
    // the same email written in capitals is the same name tried
    expect(await answersOf(unknown.toUpperCase().replace("@NEWSROOM.TEST", "@newsroom.test"))).toEqual(known);
    // parallel tries on a fresh unknown email: exactly five are checked
    const fresh = `nobody-parallel-${Date.now()}@newsroom.test`;
    const parallel = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login({ email: fresh, password: `p-${i}` })),
    );
    expect(parallel.filter((a) => a.status === 401)).toHaveLength(5);
    expect(parallel.filter((a) => a.status === 423)).toHaveLength(7);
  });

  it("R-CONSOLE-1 waiting tells nothing either: a day after its last wrong password, an account's count is forgotten as an unknown email's is, before any housekeeping", async () => {
    const account = await createEditorAccount(server, "editor");
    const unknown = `nobody-waits-${Date.now()}@newsroom.test`;
    const guesses = async (email: string, count: number) => {
      const statuses = [];
      for (let i = 0; i < count; i++) statuses.push((await login({ email, password: `a-guess-${i}` })).status);
      return statuses;
    };
    // four wrong passwords each: one short of the lock
    expect(await guesses(account.email, 4)).toEqual([401, 401, 401, 401]);
    expect(await guesses(unknown, 4)).toEqual([401, 401, 401, 401]);
    // a day and a minute pass (the rows' times moved back), and no housekeeping runs
    const dayAndMinute = 24 * 60 * 60_000 + 60_000;
    const db = server.database.handle.db.withTables<{
      editors: { id: number; failed_at: number };
      password_guards: { subject: string; touched_at: number };
    }>();
    await db
      .updateTable("editors")
      .set((eb) => ({ failed_at: eb("failed_at", "-", dayAndMinute) }))
      .where("id", "=", account.id)
      .execute();
    await db
      .updateTable("password_guards")
      .set((eb) => ({ touched_at: eb("touched_at", "-", dayAndMinute) }))
      .where("subject", "=", `editor:${unknown}`)
      .execute();
    // both start again from one: five wrong passwords before the lock, for the account as for the unknown email
    const account6 = await guesses(account.email, 6);
    expect(account6).toEqual([401, 401, 401, 401, 401, 423]);
    expect(await guesses(unknown, 6)).toEqual(account6);
    // within the day, nothing is forgotten: a fifth wrong password locks at once
    const other = await createEditorAccount(server, "editor");
    expect(await guesses(other.email, 4)).toEqual([401, 401, 401, 401]);
    await db
      .updateTable("editors")
      .set((eb) => ({ failed_at: eb("failed_at", "-", 23 * 60 * 60_000) }))
      .where("id", "=", other.id)
      .execute();
    expect(await guesses(other.email, 2)).toEqual([401, 423]);
  });

  it("R-CONSOLE-1 parallel wrong passwords: no more are checked than the lock allows, each counted once, and the lock holds for the right one", async () => {
    const account = await createEditorAccount(server, "editor");
    const tries = 12;
    const answers = await Promise.all(
      Array.from({ length: tries }, () => login({ email: account.email, password: "wrong-password-123" })),
    );
    for (const answer of answers) expect([401, 423]).toContain(answer.status);
    const row = await server.app.editors.findById(account.id);
    // a try is taken before its password is checked: exactly the five the lock allows reached the check
    const checked = answers.filter((a) => a.status === 401).length;
    expect(Number(row?.failed_count)).toBe(checked);
    expect(checked).toBe(5);
    expect(Number(row?.locked_until)).toBeGreaterThan(Date.now());
    const right = await login({ email: account.email, password: account.password });
    expect(right.status).toBe(423);
    expect(right.body.msg).toMatch(/登录失败次数过多，请 \d+ 分钟后再试/);
  });

  it("R-CONSOLE-1 the lock grows with further failures and ends; a success clears the count", async () => {
    const account = await createEditorAccount(server, "analyst");
    for (let i = 0; i < 4; i++) await server.app.editors.takeAttempt(account.id);
    expect((await login({ email: account.email, password: account.password })).status).toBe(200);
    expect(Number((await server.app.editors.findById(account.id))?.failed_count)).toBe(0);
    // each try taken once the lock before it has ended: the lock grows with the count
    const start = Date.now() - 60 * 60_000;
    const at = (i: number) => start + i * 1_000_000;
    const taken = [];
    for (let i = 0; i < 10; i++) taken.push(await server.app.editors.takeAttempt(account.id, at(i)));
    expect(taken[3]?.locked_until).toBe(0);
    expect(taken[4]?.locked_until).toBe(at(4) + 60_000);
    expect(taken[7]?.locked_until).toBe(at(7) + 300_000);
    expect(taken[9]?.locked_until).toBe(at(9) + 900_000);
    // while locked, no try is taken (nor counted)
    expect(await server.app.editors.takeAttempt(account.id, at(9) + 1)).toBeNull();
    expect(Number((await server.app.editors.findById(account.id))?.failed_count)).toBe(10);
    // the lock's end passed: the account logs in again
    await server.database.handle.db
      .withTables<{ editors: { id: number; locked_until: number } }>()
      .updateTable("editors")
      .set({ locked_until: Date.now() - 1 })
      .where("id", "=", account.id)
      .execute();
    expect((await login({ email: account.email, password: account.password })).status).toBe(200);
  });

  it("R-CONSOLE-1 a login ends the session its browser presented; a stranger's malformed cookie is ignored", async () => {
    const account = await createEditorAccount(server, "analyst");
    const before = await loginEditor(server.base, account, "analyst");
    // the same browser logs in again, its old cookie sent with the login
    const again = await fetch(`${server.base}/editor/v1/login`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: before.cookie },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    expect(again.status).toBe(200);
    const cookie = (again.headers.get("set-cookie") ?? "").split(";")[0] as string;
    expect(cookie).not.toBe(before.cookie);
    expect((await server.get("/editor/v1/me", null, { cookie: before.cookie })).status).toBe(401);
    expect((await server.get("/editor/v1/me", null, { cookie })).status).toBe(200);
    for (const presented of ["davmu_console=short", "davmu_console=../../x", `davmu_console=${"a".repeat(43)}`]) {
      const answer = await fetch(`${server.base}/editor/v1/login`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: presented },
        body: JSON.stringify({ email: account.email, password: account.password }),
      });
      expect(answer.status, presented).toBe(200);
    }
    expect((await server.get("/editor/v1/me", null, { cookie })).status).toBe(200);
  });

  it("R-CONSOLE-1 wrong current passwords at a password change count toward the lock; the session that reaches it is ended", async () => {
    const account = await createEditorAccount(server, "editor");
    const session = await loginEditor(server.base, account, "editor");
    const change = (current: string, next = "a-new-long-password-1") =>
      server.post("/editor/v1/me/password", { current, next }, null, session.headers);
    // the same password again is no change
    const same = await change(account.password, account.password);
    expect(same.status).toBe(400);
    expect(same.body.msg).toBe("新密码不能与当前密码相同");
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await change(`guess-${i}-long-enough`)).status);
    expect(statuses).toEqual([403, 403, 403, 403, 423]);
    expect(Number((await server.app.editors.findById(account.id))?.failed_count)).toBe(5);
    // the guessing session is over, and the lock holds at the login too
    expect((await server.get("/editor/v1/me", null, session.headers)).status).toBe(401);
    const right = await login({ email: account.email, password: account.password });
    expect(right.status).toBe(423);
    expect(right.body.msg).toMatch(/^登录失败次数过多，请 1 分钟后再试$/);
  });

  it("R-CONSOLE-1 parallel guesses of the current password from one session: only the five the lock allows are checked", async () => {
    const account = await createEditorAccount(server, "editor");
    const session = await loginEditor(server.base, account, "editor");
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        server.post(
          "/editor/v1/me/password",
          { current: `parallel-guess-${i}`, next: "a-new-long-password-3" },
          null,
          session.headers,
        ),
      ),
    );
    for (const answer of answers) expect([401, 403, 423]).toContain(answer.status);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(4);
    expect(Number((await server.app.editors.findById(account.id))?.failed_count)).toBe(5);
    expect((await server.get("/editor/v1/me", null, session.headers)).status).toBe(401);
  });

  it("R-CONSOLE-1 a locked account's session cannot try its password at all until the lock ends", async () => {
    const account = await createEditorAccount(server, "editor");
    const session = await loginEditor(server.base, account, "editor");
    for (let i = 0; i < 5; i++) await server.app.editors.takeAttempt(account.id);
    const answer = await server.post(
      "/editor/v1/me/password",
      { current: account.password, next: "a-new-long-password-2" },
      null,
      session.headers,
    );
    expect(answer.status).toBe(423);
    expect(Number((await server.app.editors.findById(account.id))?.failed_count)).toBe(5);
  });

  it("R-CONSOLE-6 editors' answers and a logged-in visitor's own answers are never kept by a cache (private, no-store)", async () => {
    const admin = await editorSession(server, "admin");
    for (const path of ["/editor/v1/me", "/editor/v1/editors", "/editor/v1/me/sessions", "/editor/v1/nope"]) {
      const response = await fetch(server.base + path, { headers: admin.headers });
      await response.arrayBuffer();
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
    }
    // refused ones too: an answer about a session says nothing a cache may keep
    const refused = await fetch(`${server.base}/editor/v1/me`);
    await refused.arrayBuffer();
    expect(refused.status).toBe(401);
    expect(refused.headers.get("cache-control")).toBe("private, no-store");
    // an export sets its own
    const csv = await fetch(`${server.base}/editor/v1/audit.csv`, { headers: admin.headers });
    await csv.arrayBuffer();
    expect(csv.headers.get("cache-control")).toBe("no-store");
    const phone = `1391111${String(Date.now()).slice(-4)}`;
    const user = await server.login(phone);
    const own = await fetch(`${server.base}/peony/v1/account/${user.userId}`, {
      headers: { authorization: user.token },
    });
    await own.arrayBuffer();
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    // what an anonymous visitor reads is left to its own caching rules
    const anonymous = await fetch(`${server.base}/peony/v1/app/info`, {
      headers: { authorization: await server.anonymousToken() },
    });
    await anonymous.arrayBuffer();
    expect(anonymous.headers.get("cache-control") ?? "").not.toMatch(/no-store/);
  });

  it("R-CONSOLE-1 TOTP: enrolment gives an otpauth URI, a code confirms it, then every login needs a fresh code", async () => {
    const editor = await editorSession(server, "editor");
    const start = await server.post("/editor/v1/me/totp", { password: editor.password }, null, editor.headers);
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const uri = new URL(start.body.data.uri);
    expect(uri.protocol).toBe("otpauth:");
    const secret = uri.searchParams.get("secret") as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const bad = await server.post("/editor/v1/me/totp/confirm", { code: "000000" }, null, editor.headers);
    expect(bad.status).toBe(totpCode(secret) === "000000" ? 200 : 400);
    for (const code of ["", "12345", "abcdef", 123456]) {
      expect((await server.post("/editor/v1/me/totp/confirm", { code }, null, editor.headers)).status).toBe(400);
    }
    const ok = await server.post("/editor/v1/me/totp/confirm", { code: totpCode(secret) }, null, editor.headers);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.totp_enabled).toBe(true);
    const without = await login({ email: editor.email, password: editor.password });
    expect(without.status).toBe(401);
    expect(without.body.msg).toBe("请输入两步验证码");
    const wrongCode = totpCode(secret, Date.now() + 10 * 60_000);
    expect((await login({ email: editor.email, password: editor.password, totp: wrongCode })).status).toBe(401);
    // the code used to confirm was taken: the next step's code logs in, and only once
    const next = totpCode(secret, Date.now() + 30_000);
    const first = await login({ email: editor.email, password: editor.password, totp: next });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const replay = await login({ email: editor.email, password: editor.password, totp: next });
    expect(replay.status).toBe(401);
    expect(replay.body.msg).toBe("两步验证码错误");
  });

  it("R-CONSOLE-1 TOTP enrolment asks for the password again (a wrong one counts toward the lock); confirming ends the other sessions", async () => {
    const account = await createEditorAccount(server, "editor");
    const session = await loginEditor(server.base, account, "editor");
    const other = await loginEditor(server.base, account, "editor");
    const start = (body: unknown) => server.post("/editor/v1/me/totp", body, null, session.headers);
    for (const body of [undefined, {}, { password: "" }, { code: "123456" }]) {
      expect((await start(body)).status, JSON.stringify(body)).toBe(400);
    }
    const wrong = await start({ password: "not-the-password" });
    expect(wrong.status).toBe(403);
    expect(wrong.body.msg).toBe("当前密码错误");
    expect(Number((await server.app.editors.findById(account.id))?.failed_count)).toBe(1);
    const started = await start({ password: account.password });
    expect(started.status).toBe(200);
    const secret = new URL(started.body.data.uri).searchParams.get("secret") as string;
    const confirmed = await server.post(
      "/editor/v1/me/totp/confirm",
      { code: totpCode(secret) },
      null,
      session.headers,
    );
    expect(confirmed.status).toBe(200);
    expect((await server.get("/editor/v1/me", null, session.headers)).status).toBe(200);
    expect((await server.get("/editor/v1/me", null, other.headers)).status).toBe(401);
  });

  it("R-CONSOLE-1 an admin resets a lost TOTP: every session of the account ends, and it logs in with its password to enrol anew", async () => {
    const admin = await editorSession(server, "admin");
    const account = await createEditorAccount(server, "moderator");
    const session = await loginEditor(server.base, account, "moderator");
    const started = await server.post("/editor/v1/me/totp", { password: account.password }, null, session.headers);
    const secret = new URL(started.body.data.uri).searchParams.get("secret") as string;
    await server.post("/editor/v1/me/totp/confirm", { code: totpCode(secret) }, null, session.headers);
    expect((await login({ email: account.email, password: account.password })).body.msg).toBe("请输入两步验证码");
    // only an admin resets it, and only with the literal true
    const self = await server.put(`/editor/v1/editors/${account.id}`, { reset_totp: true }, null, session.headers);
    expect(self.status).toBe(403);
    for (const body of [{ reset_totp: false }, { reset_totp: "yes" }]) {
      expect((await server.put(`/editor/v1/editors/${account.id}`, body, null, admin.headers)).status).toBe(400);
    }
    const reset = await server.put(`/editor/v1/editors/${account.id}`, { reset_totp: true }, null, admin.headers);
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body.data.totp_enabled).toBe(false);
    expect((await server.get("/editor/v1/me", null, session.headers)).status).toBe(401);
    const row = await server.app.editors.findById(account.id);
    expect(row?.totp_secret).toBeNull();
    const again = await login({ email: account.email, password: account.password });
    expect(again.status).toBe(200);
    const audit = await server.get(`/editor/v1/audit?target=editor:${account.id}&limit=5`, null, admin.headers);
    expect(JSON.stringify(audit.body.data)).toContain("totp_reset");
  });

  it("R-CONSOLE-1 an admin can require TOTP: until it is enrolled only enrolment works", async () => {
    const admin = await editorSession(server, "admin");
    const account = await createEditorAccount(server, "moderator");
    const required = await server.put(`/editor/v1/editors/${account.id}`, { totp_required: true }, null, admin.headers);
    expect(required.status, JSON.stringify(required.body)).toBe(200);
    const answer = await login({ email: account.email, password: account.password });
    expect(answer.status).toBe(200);
    expect(answer.body.data.totp_enrolment_required).toBe(true);
    const moderator = await loginEditor(server.base, account, "moderator");
    const queue = await server.get("/editor/v1/comments?status=pending", null, moderator.headers);
    expect(queue.status).toBe(403);
    expect(queue.body.msg).toBe("请先启用两步验证");
    const start = await server.post("/editor/v1/me/totp", { password: account.password }, null, moderator.headers);
    const secret = new URL(start.body.data.uri).searchParams.get("secret") as string;
    const ok = await server.post("/editor/v1/me/totp/confirm", { code: totpCode(secret) }, null, moderator.headers);
    expect(ok.status).toBe(200);
    expect((await server.get("/editor/v1/comments?status=pending", null, moderator.headers)).status).toBe(200);
  });

  it("R-CONSOLE-1 an editor lists their sessions and ends one; it stops working at once on both instances (one database, Redis)", async () => {
    const account = await createEditorAccount(server, "editor");
    const a = await loginEditor(server.base, account, "editor");
    const b = await loginEditor(secondBase, account, "editor");
    const list = await server.get("/editor/v1/me/sessions", null, a.headers);
    expect(list.status).toBe(200);
    expect(list.body.data.list).toHaveLength(2);
    const other = list.body.data.list.find((s: { current: boolean }) => !s.current);
    expect(JSON.stringify(list.body)).not.toContain(b.cookie.split("=")[1]);
    expect((await fetch(`${secondBase}/editor/v1/me`, { headers: b.headers })).status).toBe(200);
    const revoke = await server.delete(`/editor/v1/me/sessions/${other.id}`, null, a.headers);
    expect(revoke.status).toBe(200);
    expect((await fetch(`${secondBase}/editor/v1/me`, { headers: b.headers })).status).toBe(401);
    expect((await server.get("/editor/v1/me", null, b.headers)).status).toBe(401);
    expect((await server.delete(`/editor/v1/me/sessions/${other.id}`, null, a.headers)).status).toBe(404);
    for (const id of ["0", "-1", "abc", "99999999999"]) {
      expect((await server.delete(`/editor/v1/me/sessions/${id}`, null, a.headers)).status, id).toBe(400);
    }
    // another editor's session cannot be ended
    const stranger = await editorSession(server, "moderator");
    const mine = (await server.get("/editor/v1/me/sessions", null, a.headers)).body.data.list[0].id;
    expect((await server.delete(`/editor/v1/me/sessions/${mine}`, null, stranger.headers)).status).toBe(404);
    // logging out ends the session and clears the cookie
    const out = await server.post("/editor/v1/logout", undefined, null, a.headers);
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(
      /^davmu_console=; Path=\/editor; HttpOnly; SameSite=Strict; Max-Age=0/,
    );
    expect((await server.get("/editor/v1/me", null, a.headers)).status).toBe(401);
  });

  it("R-CONSOLE-1 an admin disables an account: every session of it stops on every instance within 1 s", async () => {
    const admin = await editorSession(server, "admin");
    const account = await createEditorAccount(server, "moderator");
    const onFirst = await loginEditor(server.base, account, "moderator");
    const onSecond = await loginEditor(secondBase, account, "moderator");
    expect((await fetch(`${secondBase}/editor/v1/comments?status=pending`, { headers: onSecond.headers })).status).toBe(
      200,
    );
    const disabled = await server.put(`/editor/v1/editors/${account.id}`, { disabled: true }, null, admin.headers);
    expect(disabled.status).toBe(200);
    expect(disabled.body.data.disabled).toBe(true);
    const started = Date.now();
    expect((await fetch(`${secondBase}/editor/v1/comments?status=pending`, { headers: onSecond.headers })).status).toBe(
      401,
    );
    expect((await server.get("/editor/v1/comments?status=pending", null, onFirst.headers)).status).toBe(401);
    expect(Date.now() - started).toBeLessThan(1000);
    const again = await login({ email: account.email, password: account.password });
    expect(again.status).toBe(403);
    expect(again.body.msg).toBe("账号已停用");
    // enabled again, it logs in anew (the old sessions stay ended)
    await server.put(`/editor/v1/editors/${account.id}`, { disabled: false }, null, admin.headers);
    expect((await server.get("/editor/v1/comments?status=pending", null, onFirst.headers)).status).toBe(401);
    expect((await login({ email: account.email, password: account.password })).status).toBe(200);
  });

  it("R-CONSOLE-1 idle and absolute expiry end a session", async () => {
    const editor = await editorSession(server, "editor");
    const db = server.database.handle.db.withTables<{
      editor_sessions: { editor_id: number; last_seen_at: number; expires_at: number };
    }>();
    expect((await server.get("/editor/v1/me", null, editor.headers)).status).toBe(200);
    await db
      .updateTable("editor_sessions")
      .set({ last_seen_at: Date.now() - 31 * 60_000 })
      .where("editor_id", "=", editor.id)
      .execute();
    expect((await server.get("/editor/v1/me", null, editor.headers)).status).toBe(401);
    const fresh = await loginEditor(server.base, editor, "editor");
    await db
      .updateTable("editor_sessions")
      .set({ expires_at: Date.now() - 1 })
      .where("editor_id", "=", editor.id)
      .execute();
    expect((await server.get("/editor/v1/me", null, fresh.headers)).status).toBe(401);
    // a forged or malformed cookie is no session
    for (const cookie of ["davmu_console=abc", `davmu_console=${"A".repeat(43)}`, "davmu_console="]) {
      expect((await server.get("/editor/v1/me", null, { cookie })).status, cookie).toBe(401);
    }
  });

  it("R-CONSOLE-1 R-CONSOLE-2 an admin invites an editor with a one-time password, who changes it", async () => {
    const admin = await editorSession(server, "admin");
    const email = `invited-${Date.now()}@newsroom.test`;
    const invited = await server.post(
      "/editor/v1/editors",
      { email, name: "李编辑", role: "editor" },
      null,
      admin.headers,
    );
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const password = invited.body.data.password as string;
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(
      (await server.post("/editor/v1/editors", { email, name: "重复", role: "editor" }, null, admin.headers)).status,
    ).toBe(409);
    for (const body of [
      { email, name: "x", role: "boss" },
      { email: "bad", name: "x", role: "editor" },
      { email: "a@b.c", name: "", role: "editor" },
      { email: "a@b.c", name: "x".repeat(65), role: "editor" },
      { email: "a@b.c", role: "editor" },
    ]) {
      expect((await server.post("/editor/v1/editors", body, null, admin.headers)).status, JSON.stringify(body)).toBe(
        400,
      );
    }
    const first = await login({ email, password });
    expect(first.body.data.password_change_required).toBe(true);
    const session = await loginEditor(server.base, { id: invited.body.data.editor.id, email, password }, "editor");
    const other = await loginEditor(server.base, { id: invited.body.data.editor.id, email, password }, "editor");
    // until the one-time password is replaced, the account reads itself and changes its password, nothing else
    const queue = await server.get("/editor/v1/me/sessions", null, session.headers);
    expect(queue.status).toBe(403);
    expect(queue.body.msg).toBe("请先修改初始密码");
    expect((await server.get("/editor/v1/me", null, session.headers)).body.data.password_change_required).toBe(true);
    expect(
      (await server.post("/editor/v1/me/password", { current: password, next: "short" }, null, session.headers)).status,
    ).toBe(400);
    // twelve characters that the common lists, a keyboard walk or the account itself give away are refused
    for (const next of ["123456789012", "password1234", "qwertyuiop12", "1q2w3e4r5t6y", `${email.split("@")[0]}1`]) {
      const weak = await server.post("/editor/v1/me/password", { current: password, next }, null, session.headers);
      expect(weak.status, next).toBe(400);
      expect(weak.body.msg).toBe("密码太常见或太容易猜到：请换一个更长、更少见的密码");
    }
    expect(
      (
        await server.post(
          "/editor/v1/me/password",
          { current: "wrong", next: "a-new-long-password" },
          null,
          session.headers,
        )
      ).status,
    ).toBe(403);
    const changed = await server.post(
      "/editor/v1/me/password",
      { current: password, next: "a-new-long-password" },
      null,
      session.headers,
    );
    expect(changed.status).toBe(200);
    const me = await server.get("/editor/v1/me", null, session.headers);
    expect(me.status).toBe(200);
    expect(me.body.data.password_change_required).toBe(false);
    expect((await server.get("/editor/v1/me/sessions", null, session.headers)).status).toBe(200);
    expect((await server.get("/editor/v1/me", null, other.headers)).status).toBe(401);
    expect((await login({ email, password })).status).toBe(401);
    expect((await login({ email, password: "a-new-long-password" })).status).toBe(200);
    const list = await server.get("/editor/v1/editors", null, admin.headers);
    expect(list.body.data.list.map((e: { email: string }) => e.email)).toContain(email);
    expect(JSON.stringify(list.body)).not.toMatch(/scrypt|password_hash|totp_secret/);
    // an admin cannot lock themselves out
    expect((await server.put(`/editor/v1/editors/${admin.id}`, { disabled: true }, null, admin.headers)).status).toBe(
      400,
    );
    expect((await server.put(`/editor/v1/editors/${admin.id}`, {}, null, admin.headers)).status).toBe(400);
    expect((await server.put("/editor/v1/editors/999999", { name: "x" }, null, admin.headers)).status).toBe(404);
  });

  it("R-CONSOLE-1 R-CONSOLE-2 an admin resets a forgotten password: a one-time password valid 72 hours, every session ended, the lock cleared, audited", async () => {
    const admin = await editorSession(server, "admin");
    const account = await createEditorAccount(server, "editor");
    const session = await loginEditor(server.base, account, "editor");
    // the owner had guessed their way into a lock
    for (let i = 0; i < 5; i++) await login({ email: account.email, password: `forgotten-${i}` });
    expect((await login({ email: account.email, password: account.password })).status).toBe(423);
    const before = Date.now();
    const reset = await server.post(
      `/editor/v1/editors/${account.id}/password`,
      { password: admin.password },
      null,
      admin.headers,
    );
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const password = reset.body.data.password as string;
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    const expires = Date.parse(reset.body.data.editor.password_expires_at);
    expect(expires - before).toBeGreaterThanOrEqual(72 * 3600_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(72 * 3600_000);
    // the session it had ends at once; the old password logs in no more; the new one does, lock or not
    expect((await server.get("/editor/v1/me", null, session.headers)).status).toBe(401);
    expect((await login({ email: account.email, password: account.password })).status).toBe(401);
    const fresh = await login({ email: account.email, password });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.password_change_required).toBe(true);
    // the audit trail says who reset it, never the password
    const trail = await server.get(
      `/editor/v1/audit?action=resetEditorPassword&target=editor:${account.id}`,
      null,
      admin.headers,
    );
    expect(trail.body.data.list).toHaveLength(1);
    expect(trail.body.data.list[0]).toMatchObject({ editor_id: admin.id, after: { password: "reset" } });
    expect(JSON.stringify(trail.body)).not.toContain(password);
    // once replaced, the account shows no expiry
    const owner = await loginEditor(server.base, { ...account, password }, "editor");
    const next = "an-own-password-after-reset";
    expect((await server.post("/editor/v1/me/password", { current: password, next }, null, owner.headers)).status).toBe(
      200,
    );
    const listed = await server.get("/editor/v1/editors", null, admin.headers);
    expect(listed.body.data.list.find((e: { id: number }) => e.id === account.id).password_expires_at).toBeNull();
    // one's own is changed with the current password; others may not reset; bad and unknown ids are refused
    expect(
      (await server.post(`/editor/v1/editors/${admin.id}/password`, { password: admin.password }, null, admin.headers))
        .status,
    ).toBe(400);
    const editor = await editorSession(server, "editor");
    expect(
      (
        await server.post(
          `/editor/v1/editors/${account.id}/password`,
          { password: editor.password },
          null,
          editor.headers,
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await server.post(`/editor/v1/editors/${account.id}/password`, { password: admin.password }, null, {
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(403);
    expect(
      (await server.post("/editor/v1/editors/999999/password", { password: admin.password }, null, admin.headers))
        .status,
    ).toBe(404);
    for (const id of ["0", "-1", "abc", "1.5", "99999999999999999999"]) {
      expect(
        (await server.post(`/editor/v1/editors/${id}/password`, { password: admin.password }, null, admin.headers))
          .status,
        id,
      ).toBe(400);
    }
    // the admin's own password confirms it: a missing, empty or mistyped one is refused, a wrong one is
    // refused and counted toward the admin's own lock, and the try that locks it ends the admin's session
    for (const body of [undefined, {}, { password: "" }, { password: { value: admin.password } }, "text"]) {
      const answer = await server.post(`/editor/v1/editors/${account.id}/password`, body, null, admin.headers);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const answer = await server.post(
        `/editor/v1/editors/${account.id}/password`,
        { password: `not-mine-${i}` },
        null,
        admin.headers,
      );
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([403, 403, 403, 403, 423]);
    expect((await server.get("/editor/v1/me", null, admin.headers)).status).toBe(401);
    // none of them reset anything: the owner's own password still logs in
    expect((await login({ email: account.email, password: next })).status).toBe(200);
  });

  it("R-CONSOLE-1 a login or a password change that checked the old password while a reset was made never yields a working session, nor undoes the reset", async () => {
    const admin = await editorSession(server, "admin");
    const account = await createEditorAccount(server, "editor");
    // what a login in flight read before the reset committed: the row, its hash and password version
    const seen = await server.app.editors.findById(account.id);
    if (!seen) throw new Error("no account");
    const reset = await server.post(
      `/editor/v1/editors/${account.id}/password`,
      { password: admin.password },
      null,
      admin.headers,
    );
    expect(reset.status).toBe(200);
    // the login goes on: its session, made under the version it read, does not work
    const token = "a".repeat(43);
    await server.app.editors.createSession({
      tokenHash: createHash("sha256").update(token).digest("hex"),
      editorId: account.id,
      passwordVersion: Number(seen.password_version),
      ip: "127.0.0.1",
      userAgent: "a login in flight",
      ttlMs: 60_000,
    });
    const cookieName = server.config.publicOrigin.startsWith("https:") ? "__Secure-davmu_console" : "davmu_console";
    expect((await server.get("/editor/v1/me", null, { cookie: `${cookieName}=${token}` })).status).toBe(401);
    // nor does its rehash of the old password overwrite the reset's
    await server.app.editors.recordSuccess(account.id, Date.now(), {
      checked: seen.password_hash,
      raised: "scrypt$stale",
    });
    expect((await server.app.editors.findById(account.id))?.password_hash).not.toBe("scrypt$stale");
    // nor does a password change that checked the old password before the reset (its own session's)
    const stale = await server.app.editors.change(
      account.id,
      { password_hash: "scrypt$chosen-before-the-reset" },
      null,
      { endSessions: true, passwordVersion: Number(seen.password_version) },
    );
    expect(stale).toBeNull();
    expect((await server.app.editors.findById(account.id))?.password_hash).not.toBe("scrypt$chosen-before-the-reset");
    // the owner logs in with the handed-over password; the dead session is not among theirs
    const owner = await loginEditor(server.base, { ...account, password: reset.body.data.password }, "editor");
    const listed = await server.get("/editor/v1/me/sessions", null, owner.headers);
    expect(listed.status).toBe(403); // a one-time password: the security screen's calls only
    const mine = await server.app.editors.sessionsOf(account.id, 30 * 60_000);
    expect(mine.map((row) => row.user_agent)).not.toContain("a login in flight");
    expect(mine).toHaveLength(1);
  });

  it("R-CONSOLE-1 a one-time password past its 72 hours logs in no more, and a session begun with it ends", async () => {
    const admin = await editorSession(server, "admin");
    const email = `expiring-${Date.now()}@newsroom.test`;
    const invited = await server.post(
      "/editor/v1/editors",
      { email, name: "赵编辑", role: "editor" },
      null,
      admin.headers,
    );
    const { id } = invited.body.data.editor;
    const password = invited.body.data.password as string;
    const session = await loginEditor(server.base, { id, email, password }, "editor");
    await server.database.handle.db
      .updateTable("editors")
      .set({ password_expires_at: Date.now() - 1 })
      .where("id", "=", id)
      .execute();
    const late = await login({ email, password });
    expect(late.status).toBe(403);
    expect(late.body.msg).toBe("初始密码已过期，请联系管理员重置密码");
    expect(late.headers.get("set-cookie")).toBeNull();
    // not even the password change: the session is ended, and stays ended
    const change = await server.post(
      "/editor/v1/me/password",
      { current: password, next: "a-late-own-password" },
      null,
      session.headers,
    );
    expect(change.status).toBe(401);
    expect(change.body.msg).toBe("初始密码已过期，请联系管理员重置密码");
    expect((await server.get("/editor/v1/me", null, session.headers)).status).toBe(401);
    // a wrong password still answers as any wrong one does (an expiry tells a guesser nothing)
    expect((await login({ email, password: "not-the-password" })).body.msg).toBe("邮箱或密码错误");
    // the admin sees it expired and hands over a new one
    const listed = await server.get("/editor/v1/editors", null, admin.headers);
    expect(Date.parse(listed.body.data.list.find((e: { id: number }) => e.id === id).password_expires_at)).toBeLessThan(
      Date.now(),
    );
    const again = await server.post(
      `/editor/v1/editors/${id}/password`,
      { password: admin.password },
      null,
      admin.headers,
    );
    expect((await login({ email, password: again.body.data.password })).status).toBe(200);
  });

  it("R-CONSOLE-1 the first admin is made by `npm run editor -- create`: a one-time password printed, or one read from stdin", async () => {
    const root = new URL("../../../", import.meta.url).pathname;
    const env = {
      ...process.env,
      DATABASE_URL: server.database.url,
      NODE_ENV: "test",
      EDITOR_PASSWORD_COST: String(server.config.editorPasswordCost),
    };
    /** the command as `npm run editor` runs it: a process of its own, its output read from its streams */
    const spawned = (args: string[], input?: string) =>
      spawnSync(process.execPath, ["apps/api/src/modules/editors/cli.ts", ...args], {
        cwd: root,
        env,
        encoding: "utf8",
        input,
      });
    /**
     * the same command in this process (each start of a process costs seconds on a busy machine): its
     * status and what it wrote, as the process answers them
     */
    const run = async (args: string[], input = "") => {
      const out: string[] = [];
      const err: string[] = [];
      const status = await editorCommand(args, {
        env,
        stdin: async () => input,
        out: (line) => out.push(`${line}\n`),
        err: (line) => err.push(`${line}\n`),
      });
      return { status, stdout: out.join(""), stderr: err.join("") };
    };
    const email = `chief-${Date.now()}@newsroom.test`;
    const made = spawned(["create", "--role", "admin", "--name", "总编辑", "--email", email]);
    expect(made.status, made.stderr).toBe(0);
    const password = made.stdout.trim();
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    const answer = await login({ email, password });
    expect(answer.status).toBe(200);
    expect(answer.body.data.editor).toMatchObject({ role: "admin", name: "总编辑" });
    // a printed password is handed over: its owner replaces it first; one read from stdin is the owner's own
    expect(answer.body.data.password_change_required).toBe(true);
    // the same email again, a bad role, a missing name, a short password on stdin: refused, nothing made
    expect((await run(["create", "--role", "admin", "--name", "又一个", "--email", email])).status).toBe(65);
    const boss = spawned(["create", "--role", "boss", "--name", "x", "--email", "x@y.z"]);
    expect(boss.status).toBe(64);
    expect(boss.stderr).toMatch(/^--role must be one of/);
    expect((await run(["create", "--role", "editor", "--email", "x@y.z"])).status).toBe(64);
    expect((await run(["create", "--role", "editor", "--name", "x", "--email", "not-an-email"])).status).toBe(64);
    expect((await run(["remove", "--role", "editor", "--name", "x", "--email", "x@y.z"])).status).toBe(64);
    const short = await run(
      ["create", "--role", "editor", "--name", "x", "--email", "short@y.z", "--password-stdin"],
      "short",
    );
    expect(short.status).toBe(65);
    const common = await run(
      ["create", "--role", "editor", "--name", "x", "--email", "short@y.z", "--password-stdin"],
      "password1234",
    );
    expect(common.status).toBe(65);
    expect(common.stderr).toMatch(/too common or too easy to guess/);
    const given = `stdin-${Date.now()}@newsroom.test`;
    const fromStdin = spawned(
      ["create", "--role", "analyst", "--name", "数据分析", "--email", given, "--password-stdin"],
      "a-password-from-stdin\n",
    );
    expect(fromStdin.status, fromStdin.stderr).toBe(0);
    expect(fromStdin.stdout).toBe("");
    const own = await login({ email: given, password: "a-password-from-stdin" });
    expect(own.status).toBe(200);
    expect(own.body.data.password_change_required).toBe(false);
    expect(await server.app.editors.findByEmail("short@y.z")).toBeUndefined();
    // the only admin lost their password: a new one-time password printed, the old one and its sessions ended
    const session = await loginEditor(
      server.base,
      { id: own.body.data.editor.id, email: given, password: "a-password-from-stdin" },
      "analyst",
    );
    const reset = await run(["reset-password", "--email", given.toUpperCase()]);
    expect(reset.status, reset.stderr).toBe(0);
    const handed = reset.stdout.trim();
    expect(handed).toMatch(/^[A-Za-z0-9]{20}$/);
    expect((await server.get("/editor/v1/me", null, session.headers)).status).toBe(401);
    expect((await login({ email: given, password: "a-password-from-stdin" })).status).toBe(401);
    const afterReset = await login({ email: given, password: handed });
    expect(afterReset.status).toBe(200);
    expect(afterReset.body.data.password_change_required).toBe(true);
    expect(Date.parse(afterReset.body.data.editor.password_expires_at)).toBeGreaterThan(Date.now() + 71 * 3600_000);
    // or one of the operator's own from stdin, which is no one-time password
    const chosen = await run(["reset-password", "--email", given, "--password-stdin"], "another-stdin-password\n");
    expect(chosen.status, chosen.stderr).toBe(0);
    const chosenLogin = await login({ email: given, password: "another-stdin-password" });
    expect(chosenLogin.body.data.password_change_required).toBe(false);
    // an unknown email, a weak password, options it does not take: refused, nothing changed
    expect((await run(["reset-password", "--email", "nobody@newsroom.test"])).status).toBe(65);
    expect((await run(["reset-password", "--email", given, "--password-stdin"], "password1234")).status).toBe(65);
    expect((await run(["reset-password", "--email", given, "--role", "admin"])).status).toBe(64);
    expect((await run(["reset-password"])).status).toBe(64);
    expect((await login({ email: given, password: "another-stdin-password" })).status).toBe(200);
  }, 60_000);

  it("R-CONSOLE-1 a hash of older parameters is raised to today's at the next login", async () => {
    const salt = randomBytes(16);
    const today = 2 ** server.config.editorPasswordCost;
    const older = today / 4;
    const key = scryptSync("an-older-password", salt, 32, { N: older, r: 8, p: 1 });
    const email = `older-${Date.now()}@newsroom.test`;
    const row = await server.app.editors.create({
      email,
      name: "老账号",
      role: "editor",
      passwordHash: `scrypt$${older}$8$1$${salt.toString("base64url")}$${key.toString("base64url")}`,
      totpRequired: false,
    });
    expect((await login({ email, password: "an-older-password" })).status).toBe(200);
    const raised = (await server.app.editors.findById(row?.id as number))?.password_hash;
    expect(raised?.startsWith(`scrypt$${today}$8$1$`)).toBe(true);
    expect((await login({ email, password: "an-older-password" })).status).toBe(200);
  });

  // N = 2^EDITOR_PASSWORD_COST: the suites' 10 (production refuses under 15: the config's tests)
  it(`R-CONSOLE-1 the stored password is scrypt with N=2^cost, r=8 and its own salt (${testDialect})`, async () => {
    const a = await createEditorAccount(server, "editor", { password: "the-same-password" });
    const b = await createEditorAccount(server, "editor", { password: "the-same-password" });
    const [ra, rb] = [await server.app.editors.findById(a.id), await server.app.editors.findById(b.id)];
    expect(ra?.password_hash).toMatch(
      new RegExp(`^scrypt\\$${2 ** server.config.editorPasswordCost}\\$8\\$1\\$[\\w-]{22}\\$[\\w-]{43}$`),
    );
    expect(ra?.password_hash).not.toBe(rb?.password_hash);
  });
});
