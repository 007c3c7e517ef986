/**
 * One demo page for each route beyond the content types: the community columns (spec §2: dejin,
 * dimim, fazak), the tip form, a cloud form, an activity, an invitation, `/auth` and `/bar`. They are
 * found through the API as a visitor's links would name them, on a server seeded with the demo data
 * (`salt` is its HASHID_SALT: circles and law questions are named by public ids in the query).
 * Used by the route-table browser test and by the bench's Lighthouse audit of every page type.
 */

import { createPublicIdCodec } from "@davmu/contracts/public-id";
import { demoInviteCode } from "./areas/invites.ts";

export const otherPageNames = [
  "dejin-catalog",
  "dejin-content",
  "dejin-detail",
  "dejin-personal",
  "dejin-topic",
  "tip",
  "dimim-circle",
  "dimim-content",
  "dimim-topic",
  "fazak",
  "form",
  "activity",
  "invite",
  "auth",
  "bar",
] as const;
export type OtherPageName = (typeof otherPageNames)[number];

/** The demo's clue-report topic and circle hashtag (apps/api/src/modules/{clue-reports,circles}/demo.ts). */
const demoTopic = "街坊身边事";
const demoHashtag = "夜跑路线";

// biome-ignore lint/suspicious/noExplicitAny: API answers read field by field
type Answer = { code: number; data: any };

export async function otherDemoPaths(origin: string, salt: string): Promise<Record<OtherPageName, string>> {
  const codec = createPublicIdCodec(salt, 8);
  const auth = (await fetch(`${origin}/peony/v1/auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ appid: 1, platform: "mobile" }),
    signal: AbortSignal.timeout(10000),
  }).then((r) => r.json())) as Answer;
  const api = (path: string): Promise<Answer> =>
    fetch(`${origin}${path}`, {
      headers: { authorization: auth.data.token },
      signal: AbortSignal.timeout(10000),
    }).then((r) => r.json() as Promise<Answer>);
  /** The first public id whose call answers code 0 (demo rows are among the first few). */
  const firstFound = async (call: (id: string) => string) => {
    for (let n = 1; n <= 20; n++) if ((await api(call(codec.encode(n)))).code === 0) return codec.encode(n);
    throw new Error(`no demo row answers ${call("{id}")}`);
  };

  const reports = await api(`/peony/v3/clue_report/topic/${encodeURIComponent(demoTopic)}?limit=10`);
  const report: string = reports.data?.list?.[0]?.id ?? "";
  if (!report) throw new Error(`the demo topic ${demoTopic} lists no clue report`);
  const detail = (await api(`/peony/v3/clue_report/${report}/detail`)).data;
  const reporter: string = detail?.handler?.user_id ?? detail?.reply?.reporter?.user_id ?? "";
  if (!reporter) throw new Error(`clue report ${report} names no reporter`);
  const circle = await firstFound((id) => `/circle/v1/api/share/circle/detail?id=${id}`);
  const post: string = (await api(`/circle/v1/api/share/circle/list?id=${circle}&size=1`)).data?.list?.[0]?.id ?? "";
  if (!post) throw new Error(`circle ${circle} has no post`);
  const question = await firstFound((id) => `/law/v1/api/share/question/detail?id=${id}`);

  const cards = ((await api("/peony/v1/content?pagesize=50")).data?.list ?? []) as Array<{
    post_id: string;
    content_type: string;
    content_link: string;
  }>;
  const form = cards.find((card) => card.content_type === "cloud_form");
  if (!form) throw new Error("the demo's first 50 items hold no cloud form");
  let activity = "";
  for (const card of cards) {
    const answer = await api(`/peony/v1/activity/${card.post_id}`);
    if (answer.code === 0 && answer.data.state === "open") activity = card.post_id;
    if (activity) break;
  }
  if (!activity) throw new Error("the demo has no open activity");

  const share = "/davmu/share";
  return {
    "dejin-catalog": `${share}/dejin/catalog/index.html?rid=jianglan&id=minsheng`,
    "dejin-content": `${share}/dejin/content/index.html?rid=jianglan&uuid=9f1c2a4e-0001-4c3a-9d21-5b7e3a1c0001`,
    "dejin-detail": `${share}/dejin/detail/${report}/index.html`,
    "dejin-personal": `${share}/dejin/personal/${reporter}/index.html`,
    "dejin-topic": `${share}/dejin/topic/${encodeURIComponent(demoTopic)}/index.html`,
    tip: `${share}/dejin/tip/index.html`,
    "dimim-circle": `${share}/dimim/circle/index.html?id=${circle}`,
    "dimim-content": `${share}/dimim/content/index.html?id=${post}`,
    "dimim-topic": `${share}/dimim/topic/index.html?name=${encodeURIComponent(demoHashtag)}&circle=${circle}`,
    fazak: `${share}/fazak/problemShare/index.html?id=${question}`,
    form: new URL(form.content_link, origin).pathname,
    activity: `${share}/activity/${activity}/index.html`,
    invite: `${share}/invite/${demoInviteCode}/index.html`,
    auth: `${share}/auth`,
    bar: `${share}/bar`,
  };
}
