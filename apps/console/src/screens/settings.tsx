import type { SiteSettings } from "@davmu/contracts/app";
import { type FormEvent, useEffect, useState } from "react";
import { api } from "../api.ts";
import { useT } from "../i18n.tsx";
import { Field, FormPanel, PageHeader, useNotice } from "../ui.tsx";

/** The site's own settings are an admin's (their calls declare no other role, R-CONSOLE-2). */
export function Settings() {
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
  const notice = useNotice();
  const { setNotice, fail } = notice;
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
    const saved = await notice.attempt(
      () => api<SiteSettings>("PUT", "/editor/v1/site", { ...values, site_logo: values.site_logo.trim() }),
      t("saved"),
    );
    if (saved) setValues(saved);
  };

  return (
    <FormPanel id="site-settings" title={t("siteSettings")} notice={notice} onSubmit={save} submit={t("save")}>
      {!values && <p className="muted">{t("loading")}</p>}
      {values && (
        <>
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
        </>
      )}
    </FormPanel>
  );
}
