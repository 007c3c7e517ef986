import type { LbsWeather } from "@davmu/contracts/lbs";

/** The air quality index in words (China's AQI bands). */
function airQuality(aqi: number): string {
  if (aqi <= 50) return "优";
  if (aqi <= 100) return "良";
  if (aqi <= 150) return "轻度污染";
  if (aqi <= 200) return "中度污染";
  if (aqi <= 300) return "重度污染";
  return "严重污染";
}

const strip = {
  display: "flex",
  alignItems: "center",
  gap: "10px",
  margin: "8px 12px 0",
  padding: "10px 14px",
  borderRadius: "10px",
  background: "linear-gradient(90deg, #eaf4ff, #f6fbff)",
  color: "#1f3b57",
  fontSize: "13px",
} as const;

/**
 * A local channel's header (R-LBS-1): its city and the weather the editors entered, rendered with
 * the list on the server, so nothing moves when the page's script starts.
 */
export function LocalWeather({ weather }: { weather: LbsWeather }) {
  return (
    <section style={strip} aria-label={`${weather.city}天气`} data-testid="local-weather">
      <strong style={{ fontSize: "15px" }}>{weather.city}</strong>
      <span style={{ fontSize: "20px", fontWeight: 600 }}>{weather.temperature}°</span>
      <span>
        {weather.condition} {weather.low}°~{weather.high}°
      </span>
      <span style={{ marginLeft: "auto", color: "#34516e" }}>
        {weather.wind}
        {weather.aqi === null ? null : ` · 空气${airQuality(weather.aqi)}`}
      </span>
    </section>
  );
}
