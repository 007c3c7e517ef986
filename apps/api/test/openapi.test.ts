import { calls } from "@davmu/contracts/calls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helper.ts";

describe("OpenAPI", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("R-CONSOLE-2 every editors' call shows its roles and the session cookie scheme; the key only on the import", async () => {
    const { body } = await server.get("/docs/json");
    expect(body.components.securitySchemes.editorSession).toMatchObject({ type: "apiKey", in: "cookie" });
    const editorCalls = Object.entries(calls).filter(([, call]) => call.access === "editor");
    expect(editorCalls.length).toBeGreaterThan(19);
    for (const [name, call] of editorCalls) {
      const path = call.path.replace(/:([A-Za-z_]+)/g, "{$1}");
      const operation = body.paths[path]?.[call.method.toLowerCase()];
      expect(operation, name).toBeDefined();
      const roles = ["admin", ...((call as { roles?: readonly string[] }).roles ?? [])];
      expect(operation["x-roles"] ?? null, name).toEqual(roles);
      expect(operation.description, name).toContain(`roles: ${roles.join(", ")}`);
      const schemes = operation.security.flatMap((s: Record<string, unknown>) => Object.keys(s));
      expect(schemes, name).toEqual(name === "importContents" ? ["editorSession", "editorKey"] : ["editorSession"]);
    }
    // the issue's roles in the document: live chat moderation is a moderator's (and the room's editors'),
    // the site's settings an admin's alone, the app's download addresses an editor's
    const rolesAt = (path: string, method: string) => body.paths[path]?.[method]?.["x-roles"];
    expect(rolesAt("/editor/v3/live/room/{id}/pin", "put")).toEqual(["admin", "editor", "moderator"]);
    expect(rolesAt("/editor/v3/live/room/{id}/messages/{message_id}", "delete")).toEqual([
      "admin",
      "editor",
      "moderator",
    ]);
    expect(rolesAt("/editor/v3/live/room/{id}/mutes/{user_id}", "put")).toEqual(["admin", "editor", "moderator"]);
    expect(rolesAt("/editor/v3/live/room/{id}/status", "put")).toEqual(["admin", "editor"]);
    expect(rolesAt("/editor/v1/site", "put")).toEqual(["admin"]);
    expect(rolesAt("/editor/v1/app/download_urls", "put")).toEqual(["admin", "editor"]);
  });

  it("R-SRV-3 the OpenAPI 3 document lists every endpoint with its schemas", async () => {
    const { status, body } = await server.get("/docs/json");
    expect(status).toBe(200);
    expect(body.openapi).toMatch(/^3\./);
    for (const path of [
      "/peony/v1/auth",
      "/peony/v1/group",
      "/peony/v1/app/info",
      "/inner/static/data",
      "/inner/static/content/{id}",
      "/peony/v1/content",
      "/healthz",
      "/readyz",
      "/peony/v1/vcode",
      "/peony/v1/account/{id}",
      "/peony/v1/account/logout",
      "/peony/v1/account",
      "/peony/v1/invite/record",
      "/peony/v1/comment/{post_id}",
      "/peony/v1/comment/{post_id}/{cid}",
      "/peony/v1/comment/{post_id}/{cid}/report",
      "/guzzle/v1/comment/{post_id}",
      "/inner/comment/{post_id}",
      "/dinner/comment/{post_id}",
      "/peony/v1/collection/{id}",
      "/guzzle/v1/collection/{id}",
      "/peony/v3/content/{type}/{id}/user_related",
      "/peony/v1/star",
      "/guzzle/v1/star",
      "/guzzle/v1/mp/follow/{id}",
      "/guzzle/v1/mp/is_followed/{id}",
      "/dinner/mp/info/{id}",
      "/dinner/mp/followlist",
      "/editor/v1/comments",
      "/editor/v1/contents",
      "/inner/v3/album/audio/{id}",
      "/inner/v3/album/video/{id}",
      "/peony/v3/album/tracks/{series}/{uid}",
      "/inner/v3/albums/relates/{id}",
      "/inner/special",
      "/inner/static/hot72",
      "/peony/v1/recommend",
      "/editor/v1/comments/{id}",
    ]) {
      expect(Object.keys(body.paths), path).toContain(path);
    }
    const auth = body.paths["/peony/v1/auth"].post;
    expect(auth.requestBody.content["application/json"].schema.required).toEqual(["appid", "platform"]);
    const content = body.paths["/inner/static/content/{id}"].get;
    expect(content.responses["200"].content["application/json"].schema.properties.data.properties).toHaveProperty(
      "payload",
    );
  });

  it("R-SRV-3 a browsable page serves the document", async () => {
    const response = await fetch(`${server.base}/docs/`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(await response.text()).toContain("swagger");
  });

  it("R-SRV-8 every declared call is served and described as declared: method, path, access and answers", async () => {
    const { body } = await server.get("/docs/json");
    for (const [name, call] of Object.entries(calls)) {
      const path = call.path.replace(/:([A-Za-z_]+)/g, "{$1}");
      const operation = body.paths[path]?.[call.method.toLowerCase()];
      expect(operation, `${name}: ${call.method} ${call.path}`).toBeDefined();
      expect(operation.summary, name).toBe(call.summary);
      for (const status of Object.keys(call.responses)) {
        expect(Object.keys(operation.responses), `${name} answers ${status}`).toContain(status.toUpperCase());
      }
      if (call.access === "public") expect(operation.security, name).toBeUndefined();
      else expect(operation.security, name).toBeDefined();
    }
    // and nothing answers that is not declared (besides the media files and the docs)
    for (const [path, operations] of Object.entries(body.paths as Record<string, object>)) {
      if (path.startsWith("/docs") || path.startsWith("/media")) continue;
      for (const method of Object.keys(operations)) {
        const declared = Object.values(calls).some(
          (call) => call.method.toLowerCase() === method && call.path.replace(/:([A-Za-z_]+)/g, "{$1}") === path,
        );
        expect(declared, `${method.toUpperCase()} ${path} is declared`).toBe(true);
      }
    }
  });
});
