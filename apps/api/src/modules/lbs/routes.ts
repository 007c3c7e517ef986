import { calls } from "@davmu/contracts/calls";
import type { LbsWeather, WeatherFields } from "@davmu/contracts/lbs";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { badRequest, notFound } from "../../lib/api-error.ts";
import { route } from "../../lib/route.ts";

/** The table of migration 010, typed here beside the only code that reads it. */
type LocalTables = {
  local_info: { group_id: string; city: string; province: string; weather_json: string | null; updated_at: number };
};

type Row = LocalTables["local_info"];

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

/** Saves a channel's city and weather in one upsert; the weather stays when none is given. */
export async function saveLocalInfo(
  database: Kysely<Database>,
  id: string,
  update: { city: string; province?: string; weather?: WeatherFields },
  now = Date.now(),
): Promise<Row> {
  const db = database.withTables<LocalTables>();
  const weather = update.weather ? JSON.stringify(update.weather) : undefined;
  const values = { city: update.city, province: update.province ?? "", updated_at: now };
  return db
    .insertInto("local_info")
    .values({ group_id: id, ...values, weather_json: weather ?? null })
    .onConflict((oc) => oc.column("group_id").doUpdateSet({ ...values, ...(weather ? { weather_json: weather } : {}) }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Local information (R-LBS-1): a local channel's city and weather, kept by the editors. */
export async function lbsRoutes(app: FastifyInstance) {
  const db = app.database.db.withTables<LocalTables>();
  const find = async (id: string) => {
    const row = await db.selectFrom("local_info").selectAll().where("group_id", "=", id).executeTakeFirst();
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
      const before = await trx
        .withTables<LocalTables>()
        .selectFrom("local_info")
        .selectAll()
        .where("group_id", "=", id)
        .executeTakeFirst();
      const after = await saveLocalInfo(trx, id, request.body);
      return { result: after, before: before ?? null, after };
    });
    const saved = weatherOf(row);
    if (!saved) throw notFound("暂无天气信息");
    request.log.info({ channel: row.group_id }, "local information updated");
    return { code: 0, msg: "ok", data: saved };
  });
}
