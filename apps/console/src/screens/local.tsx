import { type FormEvent, useState } from "react";
import { api } from "../api.ts";
import { formatTime, useT } from "../i18n.tsx";
import { FormPanel, NoticeBar, PageHeader, TextField, useNotice } from "../ui.tsx";

interface LbsWeather {
  id: string;
  city: string;
  condition: string;
  temperature: number;
  low: number;
  high: number;
  updated_at: string;
}

/** A local channel's city and weather (PUT /editor/v1/lbs/{id}; low ≤ temperature ≤ high). */
export function Local() {
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
    <TextField label={label} type="number" min={-60} max={60} value={value} onValue={(value) => set(Number(value))} />
  );

  return (
    <>
      <PageHeader title={t("navLocal")} />
      <NoticeBar notice={notice} onClose={() => setNotice(null)} />
      <FormPanel id="local-form" title={t("localEdit")} onSubmit={save} submit={t("save")}>
        <TextField label={t("channelId")} name="channel" required value={channel} onValue={setChannel} />
        <TextField label={t("city")} name="city" required maxLength={20} value={city} onValue={setCity} />
        <TextField
          label={t("weatherCondition")}
          name="condition"
          maxLength={20}
          value={condition}
          onValue={setCondition}
        />
        {condition && (
          <div className="row wrap">
            {number(temperature, setTemperature, t("temperature"))}
            {number(low, setLow, t("low"))}
            {number(high, setHigh, t("high"))}
          </div>
        )}
      </FormPanel>
      {saved && (
        <p className="muted">
          {saved.city} · {saved.condition} {saved.temperature}°C ({saved.low}–{saved.high}°C) ·{" "}
          {formatTime(saved.updated_at, lang)}
        </p>
      )}
    </>
  );
}
