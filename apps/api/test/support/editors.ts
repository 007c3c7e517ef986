import type { EditorRole } from "@davmu/contracts/call";
import { hashEditorPassword } from "../../src/modules/editors/passwords.ts";
import type { TestServer } from "../helper.ts";

export interface EditorLogin {
  id: number;
  email: string;
  password: string;
  role: EditorRole;
  csrf: string;
  cookie: string;
  /** The cookie and the CSRF token: what every editors' call sends. */
  headers: Record<string, string>;
}

let serial = 0;

/** Makes an editor account straight through the repository (as `npm run editor` does). */
export async function createEditorAccount(
  server: Pick<TestServer, "app">,
  role: EditorRole,
  options: { password?: string; totpRequired?: boolean; email?: string; name?: string } = {},
): Promise<{ id: number; email: string; password: string }> {
  const password = options.password ?? `pw-${role}-${process.pid}-${++serial}-long`;
  const email = options.email ?? `${role}-${process.pid}-${serial}-${Date.now()}@newsroom.test`;
  const row = await server.app.editors.create({
    email,
    name: options.name ?? `${role}编辑${serial}`,
    role,
    passwordHash: await hashEditorPassword(password, server.app.config.editorPasswordCost),
    totpRequired: options.totpRequired ?? false,
  });
  if (!row) throw new Error(`editor ${email} exists`);
  return { id: row.id, email, password };
}

/** Logs an editor in through POST /editor/v1/login; answers the session's cookie and CSRF token. */
export async function loginEditor(
  base: string,
  account: { id: number; email: string; password: string },
  role: EditorRole,
  totp?: string,
): Promise<EditorLogin> {
  const response = await fetch(`${base}/editor/v1/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: account.email, password: account.password, ...(totp ? { totp } : {}) }),
  });
  const body = (await response.json()) as { code: number; msg: string; data: { csrf_token: string } };
  if (response.status !== 200) throw new Error(`editor login failed: ${response.status} ${JSON.stringify(body)}`);
  const setCookie = response.headers.get("set-cookie") ?? "";
  const cookie = setCookie.split(";")[0] as string;
  return {
    ...account,
    role,
    csrf: body.data.csrf_token,
    cookie,
    headers: { cookie, "x-csrf-token": body.data.csrf_token },
  };
}

/** A logged-in editor of a role: the account made through the repository, then logged in over HTTP. */
export async function editorSession(server: Pick<TestServer, "app" | "base">, role: EditorRole = "admin") {
  const account = await createEditorAccount(server, role);
  return loginEditor(server.base, account, role);
}
