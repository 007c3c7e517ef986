import type { AnyCall } from "@davmu/contracts/call";
import { calls } from "@davmu/contracts/calls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screenRoles } from "../../console/src/roles.ts";
import { startTestServer, type TestServer, testEditorKey } from "./helper.ts";
import { createEditorAccount, type EditorLogin, editorSession, loginEditor } from "./support/editors.ts";

/** Every editors' call, read from the declarations (never a hand-written list). */
const editorCalls = Object.entries(calls as Record<string, AnyCall>)
  .filter(([, call]) => call.access === "editor")
  // logging out ends the session the sweep uses: last
  .sort(([a], [b]) => Number(a === "editorLogout") - Number(b === "editorLogout"));
const roles = ["admin", "editor", "moderator", "analyst"] as const;

/** The call's path with every parameter filled by a value no row has. */
const pathOf = (call: AnyCall) => call.path.replace(/:([A-Za-z_]+)/g, () => "2147483647");

/**
 * The newsroom's duties (R-CONSOLE-2), as the issue gives them: the roles besides admin that hold each,
 * the calls that do it, and the console screen where it is done (the content import has none: a machine
 * sends it). Every editors' call is in exactly one duty.
 */
const duties: { duty: string; roles: string[]; screen: keyof typeof screenRoles | null; calls: string[] }[] = [
  {
    duty: "accounts",
    roles: [],
    screen: "accounts",
    calls: ["createEditor", "listEditors", "updateEditor", "resetEditorPassword"],
  },
  { duty: "audit trail", roles: [], screen: "audit", calls: ["auditTrail", "auditTrailCsv"] },
  {
    duty: "site settings",
    roles: [],
    screen: "settings",
    calls: ["siteSettings", "saveSiteSettings", "saveAgreement"],
  },
  {
    duty: "preview links",
    roles: ["editor"],
    screen: "previews",
    calls: ["mintPreview", "previewLinks", "revokePreviews"],
  },
  { duty: "live rooms", roles: ["editor"], screen: "live", calls: ["updateLiveStatus"] },
  {
    duty: "forms",
    roles: ["editor"],
    screen: "forms",
    calls: ["formSubmissions", "formSubmissionsCsv", "updateForm"],
  },
  { duty: "activities", roles: ["editor"], screen: "activities", calls: ["updateActivity"] },
  { duty: "local information", roles: ["editor"], screen: "local", calls: ["updateLbs"] },
  { duty: "app download addresses", roles: ["editor"], screen: "app", calls: ["saveAppDownloadUrls"] },
  { duty: "content import", roles: ["editor"], screen: null, calls: ["importContents"] },
  {
    duty: "comments and report comments",
    roles: ["moderator"],
    screen: "moderation",
    calls: [
      "moderationQueue",
      "moderateComment",
      "deleteComment",
      "moderateText",
      "authorHistory",
      "banUser",
      "unbanUser",
    ],
  },
  // a room's chat: the moderators' duty, and its editors' for the rooms they run
  {
    duty: "live chat",
    roles: ["moderator", "editor"],
    screen: "live-chat",
    calls: ["liveChatModeration", "pinLiveMessage", "deleteLiveMessage", "muteLiveUser", "unmuteLiveUser"],
  },
  { duty: "tips", roles: ["moderator"], screen: "tips", calls: ["editorTips", "moderateTip"] },
  {
    duty: "stats",
    roles: ["analyst"],
    screen: "stats",
    calls: ["editorStats", "editorStatsCsv", "openAppOutcomes"],
  },
  {
    duty: "one's own account",
    roles: ["editor", "moderator", "analyst"],
    screen: "security",
    calls: [
      "editorMe",
      "editorLogout",
      "editorSessions",
      "revokeEditorSession",
      "startTotp",
      "confirmTotp",
      "changeEditorPassword",
    ],
  },
];

describe("the roles of the newsroom's duties", () => {
  it("R-CONSOLE-2 each editors' call allows the roles of its duty, and the console's screen for that duty opens to the same roles", () => {
    const declared = new Map(editorCalls);
    const listed = duties.flatMap((duty) => duty.calls);
    expect([...listed].sort()).toEqual([...declared.keys()].sort());
    for (const duty of duties) {
      for (const name of duty.calls) {
        expect([...((declared.get(name) as AnyCall).roles ?? [])].sort(), `${duty.duty}: ${name}`).toEqual(
          [...duty.roles].sort(),
        );
      }
      if (duty.screen)
        expect([...screenRoles[duty.screen]].sort(), `${duty.duty} screen`).toEqual([...duty.roles].sort());
    }
    // every screen of the console serves a duty
    const screens = new Set(duties.map((duty) => duty.screen));
    for (const screen of Object.keys(screenRoles))
      expect(screens.has(screen as keyof typeof screenRoles), screen).toBe(true);
    // what the issue names in words
    const rolesOf = (name: keyof typeof calls) => [...((calls[name] as AnyCall).roles ?? [])].sort();
    for (const name of ["pinLiveMessage", "deleteLiveMessage", "muteLiveUser", "unmuteLiveUser"] as const) {
      expect(rolesOf(name), name).toContain("moderator");
    }
    expect(rolesOf("saveSiteSettings")).toEqual([]);
    expect(rolesOf("saveAppDownloadUrls")).toEqual(["editor"]);
    expect(rolesOf("editorStats")).toEqual(["analyst"]);
    // an analyst reads: every call open to them besides their own account's is a GET
    const analystWrites = editorCalls.filter(
      ([name, call]) =>
        call.roles?.includes("analyst") && call.method !== "GET" && !duties.at(-1)?.calls.includes(name),
    );
    expect(analystWrites.map(([name]) => name)).toEqual([]);
  });
});

describe("the authorization sweep over every editors' call", () => {
  let server: TestServer;
  const logLines: string[] = [];
  const answers: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({}, undefined, {
      logger: {
        level: "trace",
        stream: {
          write(line: string) {
            logLines.push(line);
          },
        },
      },
    });
  });
  afterAll(() => server.close());

  async function call(target: AnyCall, headers: Record<string, string>) {
    const init: RequestInit = { method: target.method, headers: { ...headers } };
    if (target.method !== "GET") {
      (init.headers as Record<string, string>)["content-type"] = "application/json";
      init.body = "{}";
    }
    const response = await fetch(server.base + pathOf(target), init);
    const text = await response.text();
    answers.push(text);
    return { status: response.status, text };
  }

  it("R-CONSOLE-6 R-CONSOLE-2 every editors' call × no session, the shared key, each role, CSRF missing or wrong, a disabled account", async () => {
    expect(editorCalls.length).toBeGreaterThanOrEqual(19 + 12);
    // every editors' call declares its roles (an empty list: admin only)
    for (const [name, target] of editorCalls) expect(Array.isArray(target.roles), name).toBe(true);
    // the shared key opens the content import alone
    expect(editorCalls.filter(([, target]) => target.importKey).map(([name]) => name)).toEqual(["importContents"]);
    const sessions = new Map<string, EditorLogin>();
    for (const role of roles) sessions.set(role, await editorSession(server, role));
    const disabledAccount = await createEditorAccount(server, "admin");
    const disabled = await loginEditor(server.base, disabledAccount, "admin");
    await server.app.editors.change(disabledAccount.id, { disabled: 1 }, null);
    const counts = { refused: 0, allowed: 0 };
    const allowedByRole = new Map<string, number>(roles.map((role) => [role, 0]));
    const problems: string[] = [];
    const expectStatus = (label: string, status: number, wanted: number[]) => {
      if (!wanted.includes(status)) problems.push(`${label}: ${status}, expected ${wanted.join("/")}`);
    };

    for (const [name, target] of editorCalls) {
      const allowedRoles = new Set(["admin", ...(target.roles ?? [])]);
      const write = target.method !== "GET";
      expectStatus(`${name} no session`, (await call(target, {})).status, [401]);
      counts.refused++;
      expectStatus(
        `${name} forged cookie`,
        (await call(target, { cookie: `davmu_console=${"A".repeat(43)}` })).status,
        [401],
      );
      counts.refused++;
      if (!target.importKey) {
        expectStatus(`${name} shared key`, (await call(target, { "x-api-key": testEditorKey })).status, [401]);
        counts.refused++;
      }
      expectStatus(`${name} disabled account`, (await call(target, disabled.headers)).status, [401]);
      counts.refused++;
      for (const role of roles) {
        const session = sessions.get(role) as EditorLogin;
        if (write) {
          // without the CSRF token, or with another session's, a write is refused whatever the role
          expectStatus(`${name} ${role} no CSRF`, (await call(target, { cookie: session.cookie })).status, [401, 403]);
          const other = sessions.get(role === "admin" ? "editor" : "admin") as EditorLogin;
          const wrong = { cookie: session.cookie, "x-csrf-token": other.csrf };
          expectStatus(`${name} ${role} wrong CSRF`, (await call(target, wrong)).status, [401, 403]);
          counts.refused += 2;
        }
        const answer = await call(target, session.headers);
        if (allowedRoles.has(role)) {
          if (answer.status === 401 || answer.status === 403 || answer.status >= 500) {
            problems.push(`${name} ${role}: ${answer.status} ${answer.text.slice(0, 120)}`);
          }
          counts.allowed++;
          allowedByRole.set(role, (allowedByRole.get(role) ?? 0) + 1);
        } else {
          expectStatus(`${name} ${role}`, answer.status, [403]);
          counts.refused++;
        }
      }
    }
    expect(problems).toEqual([]);
    console.info(
      `editors' calls: ${editorCalls.length} × roles: ${roles.length}; refused as expected: ${counts.refused}; allowed: ${counts.allowed} (${[...allowedByRole].map(([role, n]) => `${role} ${n}`).join(", ")})`,
    );
    // a moderator reaches the live chat's moderation (pin, unpin, remove, mute) as well as the comments
    expect(allowedByRole.get("moderator")).toBe(
      editorCalls.filter(([, target]) => target.roles?.includes("moderator")).length,
    );
    expect(counts.refused).toBeGreaterThan(editorCalls.length * 5);
  }, 60_000);

  it("R-CONSOLE-6 bad inputs to the editors' own calls get 4xx with a message", async () => {
    const admin = await editorSession(server, "admin");
    const bad: [AnyCall, string, unknown][] = [
      [calls.createEditor, "/editor/v1/editors", { email: "x", name: "x", role: "admin" }],
      [calls.createEditor, "/editor/v1/editors", { email: "a@b.c", name: "x", role: "root" }],
      [calls.updateEditor, "/editor/v1/editors/abc", { name: "x" }],
      [calls.updateEditor, "/editor/v1/editors/1", { role: "root" }],
      [calls.updateEditor, "/editor/v1/editors/1", { disabled: "yes" }],
      [calls.confirmTotp, "/editor/v1/me/totp/confirm", { code: "1234567" }],
      [calls.changeEditorPassword, "/editor/v1/me/password", { current: "", next: "x" }],
      [calls.editorLogin, "/editor/v1/login", { email: "a@b.c".repeat(100), password: "x" }],
      [calls.editorLogin, "/editor/v1/login", "{not json"],
    ];
    for (const [target, path, body] of bad) {
      const response = await fetch(server.base + path, {
        method: target.method,
        headers: { ...admin.headers, "content-type": "application/json" },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
      const answer = (await response.json()) as { msg: string };
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
      expect(answer.msg).toBeTruthy();
    }
  });

  it("R-CONSOLE-6 no password, password hash, TOTP secret, session id or CSRF token in any answer or log line", async () => {
    const account = await createEditorAccount(server, "admin", { password: "a-secret-password-for-logs" });
    const session = await loginEditor(server.base, account, "admin");
    // a failed login, TOTP enrolment, a new account with its one-time password, the session list
    await fetch(`${server.base}/editor/v1/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: account.email, password: "a-wrong-secret-password" }),
    });
    const enrol = await fetch(`${server.base}/editor/v1/me/totp`, {
      method: "POST",
      headers: { ...session.headers, "content-type": "application/json" },
      body: JSON.stringify({ password: "a-secret-password-for-logs" }),
    });
    const uri = ((await enrol.json()) as { data: { uri: string } }).data.uri;
    const secret = new URL(uri).searchParams.get("secret") as string;
    const invited = await fetch(`${server.base}/editor/v1/editors`, {
      method: "POST",
      headers: { ...session.headers, "content-type": "application/json" },
      body: JSON.stringify({ email: `logs-${Date.now()}@newsroom.test`, name: "日志检查", role: "moderator" }),
    });
    const oneTime = ((await invited.json()) as { data: { password: string } }).data.password;
    for (const path of [
      "/editor/v1/me/sessions",
      "/editor/v1/editors",
      "/editor/v1/audit?limit=200",
      "/editor/v1/me",
    ]) {
      const response = await fetch(server.base + path, { headers: session.headers });
      answers.push(await response.text());
    }
    const hash = (await server.app.editors.findById(account.id))?.password_hash as string;
    const sessionId = session.cookie.split("=")[1] as string;
    const logs = logLines.join("\n");
    expect(logLines.length).toBeGreaterThan(10);
    for (const secretText of [
      "a-secret-password-for-logs",
      "a-wrong-secret-password",
      oneTime,
      hash,
      secret,
      sessionId,
    ]) {
      expect(logs.includes(secretText), `log holds ${secretText.slice(0, 6)}…`).toBe(false);
    }
    expect(logs.includes(session.csrf)).toBe(false);
    // answers: the one-time password only in its own answer, the TOTP secret only in the enrolment URI
    const others = answers.join("\n");
    for (const secretText of ["a-secret-password-for-logs", hash, sessionId]) {
      expect(others.includes(secretText), `an answer holds ${secretText.slice(0, 6)}…`).toBe(false);
    }
    expect(others).not.toMatch(/scrypt\$|password_hash|totp_secret/);
    expect(others.includes(secret)).toBe(false);
  });
});
