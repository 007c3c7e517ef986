import type { SiteSettings } from "@davmu/contracts/app";
import { type FormEvent, useEffect, useState } from "react";
import { api } from "../api.ts";
import { useT } from "../i18n.tsx";
import { Guard } from "../layout.tsx";
import { Field, NoticeBar, PageHeader, useNotice } from "../ui.tsx";

export function Settings() {
  return (
    <Guard screen="settings">
      <SettingsScreen />
    </Guard>
  );
}

/** The site's own settings are an admin's (their calls declare no other role, R-CONSOLE-2). */
function SettingsScreen() {
  const { t } = useT();
  return (
    <>
      <PageHeader title={t("navSettings")} />
      <Site />
    </>
  );
}

/** A logo the API takes: an https address, a path on the site, or none (the declaration's pattern). */
const logoPattern = /^(https:\/\/\S+|\/[^/\s]\S*)?$/;

/** The site's name, description and logo (admin). */
function Site() {
  const { t } = useT();
  const { notice, setNotice, fail, ok } = useNotice();
  const [values, setValues] = useState<SiteSettings | null>(null);

  useEffect(() => {
    api<SiteSettings>("GET", "/editor/v1/site").then(setValues, fail);
  }, [fail]);

  const change = (key: keyof SiteSettings) => (event: { target: { value: string } }) =>
    setValues((before) => before && { ...before, [key]: event.target.value });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!values) return;
    if (!logoPattern.test(values.site_logo.trim())) {
      setNotice({ kind: "error", text: t("siteLogoInvalid") });
      return;
    }
    try {
      setValues(await api<SiteSettings>("PUT", "/editor/v1/site", { ...values, site_logo: values.site_logo.trim() }));
      ok(t("saved"));
    } catch (error) {
      fail(error);
    }
  };

  return (
    <section className="panel narrow" aria-labelledby="site-settings">
      <h2 id="site-settings">{t("siteSettings")}</h2>
      <NoticeBar notice={notice} onClose={() => setNotice(null)} />
      {!values && <p className="muted">{t("loading")}</p>}
      {values && (
        <form className="stack" onSubmit={save}>
          <Field label={t("siteName")}>
            <input name="site_name" required maxLength={40} value={values.site_name} onChange={change("site_name")} />
          </Field>
          <Field label={t("siteDescription")}>
            <textarea
              name="descriptions"
              maxLength={200}
              rows={3}
              value={values.descriptions}
              onChange={change("descriptions")}
            />
          </Field>
          <Field label={t("siteLogo")} hint={t("siteLogoHint")}>
            <input name="site_logo" placeholder="https://" value={values.site_logo} onChange={change("site_logo")} />
          </Field>
          <button type="submit" className="primary">
            {t("save")}
          </button>
        </form>
      )}
    </section>
  );
}
