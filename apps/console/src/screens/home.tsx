import { Link } from "react-router";
import { useT } from "../i18n.tsx";
import { roleLabel } from "../layout.tsx";
import { canSee, type Screen } from "../roles.ts";
import { useSession } from "../session.tsx";
import { PageHeader } from "../ui.tsx";

const shortcuts: { screen: Screen; label: Parameters<ReturnType<typeof useT>["t"]>[0] }[] = [
  { screen: "moderation", label: "navModeration" },
  { screen: "tips", label: "navTips" },
  { screen: "previews", label: "navPreviews" },
  { screen: "live-chat", label: "navLiveChat" },
  { screen: "live", label: "navLive" },
  { screen: "stats", label: "navStats" },
  { screen: "accounts", label: "navAccounts" },
  { screen: "audit", label: "navAudit" },
];

export function Home() {
  const { me } = useSession();
  const { t } = useT();
  return (
    <>
      <PageHeader title={t("welcome", { name: me.editor.name })} />
      <p className="muted">
        {t(roleLabel[me.editor.role])} · {me.editor.email}
      </p>
      <p>{t("dashboardHint")}</p>
      <div className="tiles">
        {shortcuts
          .filter((item) => canSee(me.editor.role, item.screen))
          .map((item) => (
            <Link key={item.screen} to={`/${item.screen}`} className="tile">
              {t(item.label)}
            </Link>
          ))}
      </div>
    </>
  );
}
