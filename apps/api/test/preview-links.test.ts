import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helper.ts";
import { type EditorLogin, editorSession } from "./support/editors.ts";

describe("the preview links that still work, every editor's", () => {
  let server: TestServer;
  let editor: EditorLogin;
  let other: EditorLogin;
  let first: string;
  let second: string;

  beforeAll(async () => {
    server = await startTestServer();
    first = await server.demoPostId("demo-article-01");
    second = await server.demoPostId("demo-article-02");
    editor = await editorSession(server, "editor");
    other = await editorSession(server, "editor");
  });
  afterAll(() => server.close());

  const mint = (id: string, body: unknown, headers = editor.headers) =>
    server.post(`/editor/v1/preview/${id}`, body, null, headers);
  const links = async () =>
    (await server.get("/editor/v1/previews", null, other.headers)).body.data.list as {
      post_id: string;
      editor: string;
      made_by: string;
      expired_at: string;
    }[];

  it("R-PREVIEW-1 R-CONSOLE-4 links minted by two editors are listed until their item's links are revoked; an expired one is not", async () => {
    expect((await mint(first, { editor: "zhou", minutes: 30 })).status).toBe(200);
    expect((await mint(first, { editor: "lin", minutes: 60 }, other.headers)).status).toBe(200);
    expect((await mint(second, { editor: "zhou", minutes: 10 })).status).toBe(200);
    const listed = await links();
    expect(listed.filter((link) => link.post_id === first).map((link) => link.editor)).toEqual(["zhou", "lin"]);
    expect(listed.find((link) => link.post_id === second)?.made_by).toMatch(/编辑/);
    // soonest to expire first
    const times = listed.map((link) => Date.parse(link.expired_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    // revoking the first item's links takes them all off the list; the second's stay
    expect((await server.post(`/editor/v1/preview/${first}/revoke`, undefined, null, editor.headers)).status).toBe(200);
    const after = await links();
    expect(after.some((link) => link.post_id === first)).toBe(false);
    expect(after.some((link) => link.post_id === second)).toBe(true);

    // a link that expired is not listed
    await server.database.handle.db
      .withTables<{ preview_links: { content_id: number; expires_at: number } }>()
      .updateTable("preview_links")
      .set({ expires_at: Date.now() - 1000 })
      .where("content_id", "=", server.app.publicIds.decode(second) as number)
      .execute();
    expect((await links()).some((link) => link.post_id === second)).toBe(false);
  });

  it("R-CONSOLE-6 R-PREVIEW-1 bad input to the list gets 400; a moderator or an analyst is refused", async () => {
    for (const query of ["limit=0", "limit=201", "limit=x"]) {
      const answer = await server.get(`/editor/v1/previews?${query}`, null, editor.headers);
      expect(answer.status, query).toBe(400);
      expect(answer.body.msg).toBeTruthy();
    }
    for (const role of ["moderator", "analyst"] as const) {
      const session = await editorSession(server, role);
      expect((await server.get("/editor/v1/previews", null, session.headers)).status).toBe(403);
    }
  });
});
