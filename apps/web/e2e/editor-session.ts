import { inject } from "vitest";

const sessions = new Map<string, Promise<Record<string, string>>>();

/**
 * The headers of an admin's session on the product under test (R-CONSOLE-1): its cookie and CSRF
 * token, logged in once per origin and file. The content import alone takes the editors' key.
 */
export function editorHeaders(
  origin: string,
  account: { email: string; password: string } = inject("editorAccount"),
): Promise<Record<string, string>> {
  let session = sessions.get(origin);
  if (!session) {
    session = (async () => {
      const response = await fetch(`${origin}/editor/v1/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(account),
      });
      const answer = (await response.json()) as { code: number; msg: string; data: { csrf_token: string } };
      if (answer.code !== 0) throw new Error(`editor login failed: ${answer.msg}`);
      const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] as string;
      return { cookie, "x-csrf-token": answer.data.csrf_token };
    })();
    sessions.set(origin, session);
  }
  return session;
}
