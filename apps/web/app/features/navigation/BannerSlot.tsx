import { Island } from "../../islands/Island.tsx";
import { useQuery } from "../../lib/nav.tsx";
import { OpenAppBanner } from "./OpenAppBanner.tsx";

/** The open-app banner where a layout has a header: an island woken by a tap (decision 056). */
export function BannerSlot() {
  const params = useQuery();
  return (
    <Island
      name="open-app-banner"
      wake="interaction"
      component={OpenAppBanner}
      props={{ preview: params.has("preview") }}
    />
  );
}
