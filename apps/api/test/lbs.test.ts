import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helper.ts";
import { editorSession } from "./support/editors.ts";

const key: Record<string, string> = {};

describe("local information", () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer();
    Object.assign(key, (await editorSession(server, "editor")).headers);
    await server.seedDemo();
    token = await server.anonymousToken();
  });
  afterAll(() => server.close());

  it("R-LBS-1 the local channel's city and weather come from what the editors entered (the demo's)", async () => {
    const city = await server.get("/peony/v3/lbs/city", token);
    expect(city.body.data).toEqual({ id: "city", city: "江澜市", province: "澜江省" });
    const weather = await server.get("/peony/v3/lbs_weather/city", token);
    expect(weather.body.data).toMatchObject({
      id: "city",
      city: "江澜市",
      condition: "多云",
      temperature: 16,
      aqi: 42,
    });
  });

  it("R-LBS-1 editors set a channel's city and weather; a city alone keeps the weather", async () => {
    const put = (body: unknown, id = "riverside") => server.put(`/editor/v1/lbs/${id}`, body, null, key);
    expect((await server.get("/peony/v3/lbs/riverside", token)).status).toBe(404);
    const saved = await put({ city: "滨江区", weather: { condition: "小雨", temperature: 9, low: 7, high: 12 } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ city: "滨江区", condition: "小雨", aqi: null, wind: "" });
    const renamed = await put({ city: "滨江新区" });
    expect(renamed.body.data).toMatchObject({ city: "滨江新区", condition: "小雨" });
    expect((await server.get("/peony/v3/lbs_weather/riverside", token)).body.data.city).toBe("滨江新区");
    // a city without weather yet
    expect((await put({ city: "北湖" }, "north")).status).toBe(404);
    expect((await server.get("/peony/v3/lbs/north", token)).body.data.city).toBe("北湖");
    expect((await server.get("/peony/v3/lbs_weather/north", token)).status).toBe(404);
  });

  it("R-LBS-1 bad input: no key 401, bad fields 400, temperatures out of order 400, unknown channel 404, no token 401", async () => {
    expect((await server.put("/editor/v1/lbs/city", { city: "x" })).status).toBe(401);
    for (const body of [
      {},
      { city: "" },
      { city: "x".repeat(21) },
      { city: "江澜市", weather: { condition: "晴" } },
      { city: "江澜市", weather: { condition: "晴", temperature: 99, low: 0, high: 100 } },
      { city: "江澜市", weather: { condition: "晴", temperature: 10, low: 0, high: 20, aqi: -1 } },
      { city: "江澜市", weather: { condition: "晴", temperature: 30, low: 0, high: 20 } },
      { city: "江澜市", weather: "晴" },
    ]) {
      expect((await server.put("/editor/v1/lbs/city", body, null, key)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await server.put("/editor/v1/lbs/bad%20id", { city: "x" }, null, key)).status).toBe(400);
    expect((await server.get("/peony/v3/lbs/nowhere", token)).status).toBe(404);
    expect((await server.get(`/peony/v3/lbs_weather/${"x".repeat(65)}`, token)).status).toBe(400);
    expect((await server.get("/peony/v3/lbs_weather/city", null)).status).toBe(401);
    // the demo's weather is untouched by the refused updates
    expect((await server.get("/peony/v3/lbs_weather/city", token)).body.data.temperature).toBe(16);
  });
});
