import { type FormEvent, useState } from "react";
import { api } from "../api.ts";
import { formatTime, useT } from "../i18n.tsx";
import { Guard } from "../layout.tsx";
import { Field, NoticeBar, PageHeader, useNotice } from "../ui.tsx";

interface LbsWeather {
  id: string;
  city: string;
  condition: string;
  temperature: number;
  low: number;
  high: number;
  updated_at: string;
}

export function Local() {
  return (
    <Guard screen="local">
      <LocalChannel />
    </Guard>
  );
}

/** A local channel's city and weather (PUT /editor/v1/lbs/{id}; low ≤ temperature ≤ high). */
function LocalChannel() {
  const { t, lang } = useT();
  const { notice, setNotice, fail, ok } = useNotice();
  const [channel, setChannel] = useState("");
  const [city, setCity] = useState("");
  const [condition, setCondition] = useState("");
  const [temperature, setTemperature] = useState(20);
  const [low, setLow] = useState(15);
  const [high, setHigh] = useState(25);
  const [saved, setSaved] = useState<LbsWeather | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const weather = condition ? { weather: { condition, temperature, low, high } } : {};
      setSaved(
        await api<LbsWeather>("PUT", `/editor/v1/lbs/${encodeURIComponent(channel.trim())}`, { city, ...weather }),
      );
      ok(t("saved"));
    } catch (error) {
      fail(error);
    }
  };

  const number = (value: number, set: (n: number) => void, label: string) => (
    <Field label={label}>
      <input type="number" min={-60} max={60} value={value} onChange={(e) => set(Number(e.target.value))} />
    </Field>
  );

  return (
    <>
      <PageHeader title={t("navLocal")} />
      <NoticeBar notice={notice} onClose={() => setNotice(null)} />
      <section className="panel narrow" aria-labelledby="local-form">
        <h2 id="local-form">{t("localEdit")}</h2>
        <form className="stack" onSubmit={save}>
          <Field label={t("channelId")}>
            <input name="channel" required value={channel} onChange={(e) => setChannel(e.target.value)} />
          </Field>
          <Field label={t("city")}>
            <input name="city" required maxLength={20} value={city} onChange={(e) => setCity(e.target.value)} />
          </Field>
          <Field label={t("weatherCondition")}>
            <input name="condition" maxLength={20} value={condition} onChange={(e) => setCondition(e.target.value)} />
          </Field>
          {condition && (
            <div className="row wrap">
              {number(temperature, setTemperature, t("temperature"))}
              {number(low, setLow, t("low"))}
              {number(high, setHigh, t("high"))}
            </div>
          )}
          <button type="submit" className="primary">
            {t("save")}
          </button>
        </form>
      </section>
      {saved && (
        <p className="muted">
          {saved.city} · {saved.condition} {saved.temperature}°C ({saved.low}–{saved.high}°C) ·{" "}
          {formatTime(saved.updated_at, lang)}
        </p>
      )}
    </>
  );
}
