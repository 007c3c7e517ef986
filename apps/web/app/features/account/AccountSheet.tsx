import type { UserInfo } from "@davmu/contracts/account";
import { useState } from "react";
import { Sheet } from "../../components/Sheet.tsx";
import { useAccountT } from "../../lib/i18n/account.ts";

export interface AccountSheetProps {
  user: UserInfo;
  onClose(): void;
  onLogout(): Promise<void>;
}

/** The logged-in visitor's account (R-UI-ACCOUNT): avatar, nickname, masked phone and 退出登录. */
export function AccountSheet({ user, onClose, onLogout }: AccountSheetProps) {
  const [busy, setBusy] = useState(false);
  const t = useAccountT();

  return (
    <Sheet labelledBy="account-title" className="account" testId="account-sheet" onClose={onClose}>
      <div className="account-head">
        <img className="account-avatar" src={user.avatar} alt="" width={56} height={56} />
        <div className="account-text">
          <h2 id="account-title" className="account-name">
            {user.alias}
          </h2>
          <p className="account-phone">{t("phoneLabel", { phone: user.phone })}</p>
        </div>
      </div>
      <div className="sheet-actions">
        <button
          type="button"
          className="sheet-action is-danger"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void onLogout().finally(onClose);
          }}
        >
          {t("logout")}
        </button>
        <button type="button" className="sheet-action sheet-cancel" onClick={onClose}>
          {t("cancel")}
        </button>
      </div>
    </Sheet>
  );
}
