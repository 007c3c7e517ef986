import { type Static, Type } from "typebox";

/** A local channel's group id (its city and weather are keyed by it). */
export const LbsParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" }),
});

export const LbsCity = Type.Object({
  id: Type.String({ description: "the local channel's group id" }),
  city: Type.String(),
  province: Type.String(),
});
export type LbsCity = Static<typeof LbsCity>;

/** The weather as the editors last entered it. */
export const WeatherFields = Type.Object(
  {
    condition: Type.String({ minLength: 1, maxLength: 20, description: "晴, 多云, 小雨 …" }),
    temperature: Type.Integer({ minimum: -60, maximum: 60, description: "°C now" }),
    low: Type.Integer({ minimum: -60, maximum: 60 }),
    high: Type.Integer({ minimum: -60, maximum: 60 }),
    aqi: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
    wind: Type.Optional(Type.String({ maxLength: 20 })),
  },
  { additionalProperties: false },
);
export type WeatherFields = Static<typeof WeatherFields>;

export const LbsWeather = Type.Object({
  id: Type.String(),
  city: Type.String(),
  condition: Type.String(),
  temperature: Type.Integer(),
  low: Type.Integer(),
  high: Type.Integer(),
  aqi: Type.Union([Type.Integer(), Type.Null()]),
  wind: Type.String(),
  updated_at: Type.String({ format: "date-time" }),
});
export type LbsWeather = Static<typeof LbsWeather>;

/** PUT /editor/v1/lbs/{id}: the channel's city, and its weather when given. */
export const LbsUpdate = Type.Object(
  {
    city: Type.String({ minLength: 1, maxLength: 20 }),
    province: Type.Optional(Type.String({ maxLength: 20 })),
    weather: Type.Optional(WeatherFields),
  },
  { additionalProperties: false },
);
export type LbsUpdate = Static<typeof LbsUpdate>;
