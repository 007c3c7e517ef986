import { calls } from "@davmu/contracts/calls";
import type { LbsWeather, WeatherFields } from "@davmu/contracts/lbs";
import type { FastifyInstance } from "fastify";
import { badRequest, notFound } from "../../lib/api-error.ts";
import { route } from "../../lib/route.ts";
import type { LocalInfoRow } from "./tables.ts";

type Row = LocalInfoRow;

function weatherOf(row: Row): LbsWeather | null {
  if (!row.weather_json) return null;
  const w = JSON.parse(row.weather_json) as WeatherFields;
  return {
    id: row.group_id,
    city: row.city,
    condition: w.condition,
    temperature: w.temperature,
    low: w.low,
    high: w.high,
    aqi: w.aqi ?? null,
    wind: w.wind ?? "",
    updated_at: new Date(Number(row.updated_at)).toISOString(),
  };
}

/** The seed saves the demo channel's local information through the repository's function. */
export { saveLocalInfo } from "./repository.ts";

/** Local information (R-LBS-1): a local channel's city and weather, kept by the editors. */
export async function lbsRoutes(app: FastifyInstance) {
  const localInfo = app.localInfo;
  const find = async (id: string) => {
    const row = await localInfo.find(id);
    if (!row) throw notFound("该频道没有本地信息");
    return row;
  };

  route(app, calls.lbs, async (request) => {
    const row = await find(request.params.id);
    return { code: 0, msg: "ok", data: { id: row.group_id, city: row.city, province: row.province } };
  });

  route(app, calls.lbsWeather, async (request) => {
    const weather = weatherOf(await find(request.params.id));
    if (!weather) throw notFound("暂无天气信息");
    return { code: 0, msg: "ok", data: weather };
  });

  route(app, calls.updateLbs, async (request) => {
    const { weather } = request.body;
    if (weather && !(weather.low <= weather.temperature && weather.temperature <= weather.high)) {
      throw badRequest("气温应在最低与最高气温之间");
    }
    const id = request.params.id;
    const row = await app.auditedChange(request, `lbs:${id}`, async (trx) => {
      const { before, after } = await localInfo.saveIn(trx, id, request.body);
      return { result: after, before: before ?? null, after };
    });
    const saved = weatherOf(row);
    if (!saved) throw notFound("暂无天气信息");
    request.log.info({ channel: row.group_id }, "local information updated");
    return { code: 0, msg: "ok", data: saved };
  });
}
