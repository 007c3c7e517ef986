import { type FormEvent, useState } from "react";
import { api } from "../api.ts";
import { useT } from "../i18n.tsx";
import { Guard } from "../layout.tsx";
import { Field, NoticeBar, PageHeader, useNotice } from "../ui.tsx";

export function AppDownload() {
  const { t } = useT();
  return (
    <Guard screen="app">
      <PageHeader title={t("navApp")} />
      <DownloadUrls />
    </Guard>
  );
}

/** The app's download addresses, one https address per platform (an editor's, R-CONSOLE-2). */
function DownloadUrls() {
  const { t } = useT();
  const { notice, setNotice, fail, ok } = useNotice();
  const [ios, setIos] = useState("");
  const [android, setAndroid] = useState("");

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const saved = await api<{ ios: string; android: string }>("PUT", "/editor/v1/app/download_urls", {
        ios,
        android,
      });
      setIos(saved.ios);
      setAndroid(saved.android);
      ok(t("saved"));
    } catch (error) {
      fail(error);
    }
  };

  return (
    <section className="panel narrow" aria-labelledby="download-urls">
      <h2 id="download-urls">{t("downloadUrls")}</h2>
      <NoticeBar notice={notice} onClose={() => setNotice(null)} />
      <form className="stack" onSubmit={save}>
        <Field label="iOS">
          <input type="url" required placeholder="https://" value={ios} onChange={(e) => setIos(e.target.value)} />
        </Field>
        <Field label="Android">
          <input
            type="url"
            required
            placeholder="https://"
            value={android}
            onChange={(e) => setAndroid(e.target.value)}
          />
        </Field>
        <button type="submit" className="primary">
          {t("save")}
        </button>
      </form>
    </section>
  );
}
