import { type FormEvent, useState } from "react";
import { api } from "../api.ts";
import { useT } from "../i18n.tsx";
import { FormPanel, PageHeader, TextField, useNotice } from "../ui.tsx";

export function AppDownload() {
  const { t } = useT();
  return (
    <>
      <PageHeader title={t("navApp")} />
      <DownloadUrls />
    </>
  );
}

/** The app's download addresses, one https address per platform (an editor's, R-CONSOLE-2). */
function DownloadUrls() {
  const { t } = useT();
  const notice = useNotice();
  const [ios, setIos] = useState("");
  const [android, setAndroid] = useState("");

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await notice.attempt(
      () => api<{ ios: string; android: string }>("PUT", "/editor/v1/app/download_urls", { ios, android }),
      t("saved"),
    );
    if (saved) {
      setIos(saved.ios);
      setAndroid(saved.android);
    }
  };

  return (
    <FormPanel id="download-urls" title={t("downloadUrls")} notice={notice} onSubmit={save} submit={t("save")}>
      <TextField label="iOS" type="url" required placeholder="https://" value={ios} onValue={setIos} />
      <TextField label="Android" type="url" required placeholder="https://" value={android} onValue={setAndroid} />
    </FormPanel>
  );
}
