import { useT } from "../i18n.tsx";
import { PageHeader } from "../ui.tsx";

/** The stats dashboard is the API's own page (/editor/stats): the session cookie goes there too. */
export function Stats() {
  const { t } = useT();
  return (
    <>
      <PageHeader title={t("navStats")} />
      <p>{t("statsHint")}</p>
      <a className="button primary" href="/editor/stats">
        {t("openStats")}
      </a>
    </>
  );
}
