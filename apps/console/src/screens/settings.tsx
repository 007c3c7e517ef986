import { type FormEvent, useState } from "react";
import { api } from "../api.ts";
import { useT } from "../i18n.tsx";
import { Guard } from "../layout.tsx";
import { NoticeBar, PageHeader, useNotice } from "../ui.tsx";

export function Settings() {
  return (
    <Guard screen="settings">
      <DownloadUrls />
    </Guard>
  );
}

/** The app's download addresses (the only site setting the API offers a call for so far). */
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
    <>
      <PageHeader title={t("navSettings")} />
      <NoticeBar notice={notice} onClose={() => setNotice(null)} />
      <section className="panel narrow" aria-labelledby="download-urls">
        <h2 id="download-urls">{t("downloadUrls")}</h2>
        <form className="stack" onSubmit={save}>
          <label className="field">
            <span>iOS</span>
            <input type="url" required placeholder="https://" value={ios} onChange={(e) => setIos(e.target.value)} />
          </label>
          <label className="field">
            <span>Android</span>
            <input
              type="url"
              required
              placeholder="https://"
              value={android}
              onChange={(e) => setAndroid(e.target.value)}
            />
          </label>
          <button type="submit" className="primary">
            {t("save")}
          </button>
        </form>
      </section>
    </>
  );
}
