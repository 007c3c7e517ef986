import Fastify from "fastify";
import { Type } from "typebox";
import { describe, expect, test } from "vitest";
import {
  headerNamesNotLowerCase,
  headerSchemaProblems,
  isPlainData,
  processWideSchemaCompilers,
} from "./schema-compilers.ts";

const { buildValidator, buildSerializer } = processWideSchemaCompilers.compilersFactory;
/** the options Fastify gives a validator factory by default (its `ajv` server option) */
const fastifyAjvOptions = { customOptions: {}, plugins: [] };

const Body = Type.Object({ title: Type.String({ minLength: 1 }), count: Type.Integer({ minimum: 0 }) });
const Answer = Type.Object({ code: Type.Integer(), msg: Type.String(), data: Type.Object({ id: Type.String() }) });

function server() {
  const app = Fastify({ schemaController: processWideSchemaCompilers });
  app.post("/items", { schema: { body: Body, response: { 200: Answer } } }, async (request) => ({
    code: 0,
    msg: "ok",
    data: { id: (request.body as { title: string }).title },
    // a field the answer does not declare is left out by the serialiser
    secret: "never sent",
  }));
  return app;
}

describe("R-SRV-8 each call's schemas compiled once per process", () => {
  test("R-SRV-8 two servers' compilers give the same validator and serialiser for the same schema object", () => {
    const route = { method: "POST", url: "/items", httpPart: "body", schema: Body };
    const first = buildValidator({}, fastifyAjvOptions as never)(route as never);
    const second = buildValidator({}, fastifyAjvOptions as never)(route as never);
    expect(second).toBe(first);
    const answer = { method: "POST", url: "/items", httpStatus: "200", schema: Answer };
    expect(buildSerializer({}, {})(answer)).toBe(buildSerializer({}, {})(answer));
    // an equal schema that is another object is compiled for itself
    const copy = structuredClone(Answer);
    expect(buildSerializer({}, {})({ ...answer, schema: copy })).not.toBe(buildSerializer({}, {})(answer));
  });

  test("R-SRV-8 other options or other shared schemas get compilers of their own", () => {
    const route = { method: "POST", url: "/items", httpPart: "body", schema: Body };
    const plain = buildValidator({}, fastifyAjvOptions as never)(route as never);
    const coercing = buildValidator({}, { customOptions: { coerceTypes: false }, plugins: [] } as never)(
      route as never,
    );
    expect(coercing).not.toBe(plain);
    const answer = { method: "POST", url: "/items", httpStatus: "200", schema: Answer };
    const shared = { Other: { $id: "Other", type: "string" } };
    expect(buildSerializer(shared, {})(answer)).not.toBe(buildSerializer({}, {})(answer));
  });

  test("R-SRV-8 options that are not plain data (Ajv plugins, onCreate, a RegExp) are never shared", () => {
    const route = { method: "POST", url: "/items", httpPart: "body", schema: Body };
    const plugin = (ajv: unknown) => ajv;
    const withPlugin = { customOptions: {}, plugins: [plugin] };
    const first = buildValidator({}, withPlugin as never)(route as never);
    expect(buildValidator({}, withPlugin as never)(route as never)).not.toBe(first);
    expect(buildValidator({}, fastifyAjvOptions as never)(route as never)).not.toBe(first);
    const onCreate = { customOptions: {}, plugins: [], onCreate: () => {} };
    expect(buildValidator({}, onCreate as never)(route as never)).not.toBe(
      buildValidator({}, onCreate as never)(route as never),
    );
    // a custom format as a RegExp writes "{}" in JSON: two such servers would share one key
    const formats = { customOptions: { formats: { code: /^[0-9]{6}$/ } }, plugins: [] };
    expect(buildValidator({}, formats as never)(route as never)).not.toBe(
      buildValidator({}, formats as never)(route as never),
    );
    const answer = { method: "POST", url: "/items", httpStatus: "200", schema: Answer };
    const rounding = { rounding: "floor", custom: () => 0 };
    expect(buildSerializer({}, rounding as never)(answer)).not.toBe(buildSerializer({}, rounding as never)(answer));
    expect(isPlainData({ a: [1, "b", null, { c: true }] })).toBe(true);
    for (const bad of [() => 0, /x/, new Date(), Number.NaN, { nested: [new Map()] }])
      expect(isPlainData(bad)).toBe(false);
  });

  test("R-SRV-4 R-SRV-8 a second server in the process validates and serialises as the first", async () => {
    for (let i = 0; i < 2; i++) {
      const app = server();
      const good = await app.inject({ method: "POST", url: "/items", payload: { title: "新闻", count: "3" } });
      expect(good.statusCode).toBe(200);
      expect(good.json()).toEqual({ code: 0, msg: "ok", data: { id: "新闻" } });
      const empty = await app.inject({ method: "POST", url: "/items", payload: { title: "", count: 1 } });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toMatch(/title/);
      const negative = await app.inject({ method: "POST", url: "/items", payload: { title: "a", count: -1 } });
      expect(negative.statusCode).toBe(400);
      expect(negative.json().message).toMatch(/count/);
      await app.close();
    }
  });

  test("R-SRV-8 a header declared by a name with capitals is refused at start, naming the route", async () => {
    expect(headerNamesNotLowerCase(Type.Object({ "x-csrf-token": Type.String() }))).toEqual([]);
    expect(headerNamesNotLowerCase({ type: "object", required: ["X-Api-Key"] })).toEqual(["X-Api-Key"]);
    // wherever Fastify's own lower-casing looked: combined subschemas and dependencies
    expect(
      headerNamesNotLowerCase(
        Type.Intersect([Type.Object({ "x-a": Type.String() }), Type.Object({ "X-Trace": Type.String() })]),
      ),
    ).toEqual(["X-Trace"]);
    expect(headerNamesNotLowerCase({ anyOf: [{ required: ["Authorization"] }] })).toEqual(["Authorization"]);
    expect(
      headerNamesNotLowerCase(JSON.parse('{"if":{"properties":{"x-a":{}}},"then":{"required":["X-B"]},"else":{}}')),
    ).toEqual(["X-B"]);
    expect(headerNamesNotLowerCase({ dependentRequired: { "x-a": ["X-C"] }, dependencies: { "X-D": {} } })).toEqual([
      "X-C",
      "X-D",
    ]);
    // a local definition a $ref points to, and header names listed in propertyNames
    expect(headerNamesNotLowerCase({ $defs: { key: { required: ["X-Api-Key"] } }, $ref: "#/$defs/key" })).toEqual([
      "X-Api-Key",
    ]);
    expect(headerNamesNotLowerCase({ propertyNames: { enum: ["accept", "X-Token"] } })).toEqual(["X-Token"]);
    // values elsewhere are values: "X" as a header's allowed value is no header name
    expect(headerNamesNotLowerCase({ properties: { "x-mode": { enum: ["A", "B"], const: "A" } } })).toEqual([]);
    // another schema by reference cannot be looked into: refused
    expect(headerSchemaProblems({ $ref: "Shared#" }).externalRefs).toEqual(["Shared#"]);
    const refApp = Fastify({ schemaController: processWideSchemaCompilers });
    refApp.addSchema({ $id: "Shared", type: "object", required: ["X-Key"] });
    refApp.get("/ref", { schema: { headers: { $ref: "Shared#" } } }, async () => "ok");
    await expect(refApp.ready()).rejects.toThrow(/GET \/ref.*by reference/);
    await refApp.close().catch(() => {});
    const app = Fastify({ schemaController: processWideSchemaCompilers });
    app.get("/headers", { schema: { headers: Type.Object({ "X-Api-Key": Type.String() }) } }, async () => "ok");
    await expect(app.ready()).rejects.toThrow(/GET \/headers.*X-Api-Key/);
    await app.close().catch(() => {});
  });

  test("R-SRV-8 a lower-case header is checked as Node gives it", async () => {
    const app = Fastify({ schemaController: processWideSchemaCompilers });
    app.get("/headers", { schema: { headers: Type.Object({ "x-api-key": Type.String() }) } }, async () => "ok");
    const missing = await app.inject({ method: "GET", url: "/headers" });
    expect(missing.statusCode).toBe(400);
    const sent = await app.inject({ method: "GET", url: "/headers", headers: { "X-Api-Key": "k" } });
    expect(sent.statusCode).toBe(200);
    await app.close();
  });
});
