import type { Database } from "@davmu/api/db/schema";
import { storedArticleBody } from "@davmu/api/lib/sanitize-html";
import { hashPassword } from "@davmu/api/modules/accounts/passwords";
import { newInviteCode } from "@davmu/api/modules/accounts/users";
import { checkImport, writeImport } from "@davmu/api/modules/content/ingest";
import { saveLocalInfo } from "@davmu/api/modules/lbs/routes";
import { rebuildSearchIndex } from "@davmu/api/modules/search/repository";
import type { Kysely } from "kysely";
import { seedDemoActivities } from "./areas/activities.ts";
import { seedDemoCircles } from "./areas/circles.ts";
import { seedDemoClueReports } from "./areas/clue-reports.ts";
import { seedDemoForm } from "./areas/forms.ts";
import { demoInviteCode, demoInviteReward } from "./areas/invites.ts";
import { seedDemoLaw } from "./areas/law.ts";
import { demoLocalInfo } from "./areas/lbs.ts";
import { seedDemoLive } from "./areas/live.ts";
import { seedDemoTips } from "./areas/tips.ts";
import { seedDemoEvents } from "./areas/tracking-events.ts";
import { demoAgreementSettings } from "./demo-agreements.ts";
import { demoGroupCycle, demoHotWords, demoNavigationItems, demoSettings } from "./demo-app.ts";
import { demoComments, demoUsers } from "./demo-community.ts";
import { demoArticles, demoMediaAccounts, demoThumb } from "./demo-content.ts";
import { demoTypeItems } from "./demo-types.ts";

/**
 * Loads the demo organisation: settings, navigation, media accounts and articles with relations.
 * Idempotent: rows are matched by their stable keys and updated in place.
 */
export async function seedDemoData(db: Kysely<Database>, now = Date.now(), options: { readership?: boolean } = {}) {
  const passwords = new Map<string, string>();
  for (const user of demoUsers) {
    if (user.password) passwords.set(user.phone, await hashPassword(user.password));
  }
  return db.transaction().execute(async (trx) => {
    for (const [key, value] of Object.entries({ ...demoSettings, ...demoAgreementSettings })) {
      await trx
        .insertInto("settings")
        .values({ key, value })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
        .execute();
    }

    for (const [position, item] of demoNavigationItems.entries()) {
      const row = {
        id: item.id,
        position,
        title: item.title,
        binding: item.binding,
        category: item.category,
        is_home: item.isHome ? 1 : 0,
        layout: item.layout,
        groups_json: JSON.stringify(item.groups),
        icons_json: JSON.stringify(item.icons),
        label_color: item.labelColor,
        label_selected_color: item.labelSelectedColor,
      };
      const { id: _id, ...update } = row;
      await trx
        .insertInto("nav_items")
        .values(row)
        .onConflict((oc) => oc.column("id").doUpdateSet(update))
        .execute();
    }

    const mpIds = new Map<string, number>();
    for (const account of demoMediaAccounts) {
      const values = {
        key: account.key,
        name: account.name,
        avatar: `/media/avatars/${account.avatar}`,
        description: account.description,
      };
      const row = await trx
        .insertInto("media_accounts")
        .values({ ...values, created_at: now })
        .onConflict((oc) => oc.column("key").doUpdateSet(values))
        .returning("id")
        .executeTakeFirstOrThrow();
      mpIds.set(account.key, row.id);
    }

    const contentIds: number[] = [];
    for (const [index, article] of demoArticles.entries()) {
      const values = {
        content_type: "article",
        group_id: demoGroupCycle[index % demoGroupCycle.length] ?? null,
        title: article.title,
        summary: article.summary,
        source_alias: article.sourceAlias,
        // cleaned as the API cleans a body it is given (decision 090)
        ...storedArticleBody(article.bodyHtml),
        cover_url: `/media/covers/${article.cover}`,
        thumb_url: demoThumb(`/media/covers/${article.cover}`),
        publish_at: Date.parse(article.publishAt),
        view_count: article.viewCount,
        like_count: article.likeCount,
        collect_count: article.collectCount,
        duration_str: "",
        pic_num: 0,
        payload_json: "{}",
        state: 0,
        album_status: null,
        album_total: null,
        expired_at: null,
        comment_available: article.commentAvailable ? 1 : 0,
        enable_comment: article.commentAvailable ? 1 : 0,
        mp_id: article.mpKey ? (mpIds.get(article.mpKey) ?? null) : null,
        updated_at: now,
      };
      const row = await trx
        .insertInto("contents")
        .values({ ...values, external_id: article.externalId, created_at: now })
        .onConflict((oc) => oc.column("external_id").doUpdateSet(values))
        .returning("id")
        .executeTakeFirstOrThrow();
      contentIds.push(row.id);
    }

    // each article recommends the next three, so related reading is never empty
    await trx.deleteFrom("content_relations").where("content_id", "in", contentIds).execute();
    const relations = contentIds.flatMap((id, i) =>
      [1, 2, 3].map((step, position) => ({
        content_id: id,
        related_id: contentIds[(i + step) % contentIds.length] as number,
        position,
      })),
    );
    if (relations.length) await trx.insertInto("content_relations").values(relations).execute();

    // every other content type, through the editors' import (external ids keep it idempotent)
    const checked = await checkImport(trx, demoTypeItems());
    if (!checked.ok) throw new Error(`demo items are invalid: ${JSON.stringify(checked.errors)}`);
    const imported = await writeImport(trx, checked.items, { now });

    // demo readers, and their comments rebuilt from scratch (other users' comments are kept)
    const userIds: number[] = [];
    for (const user of demoUsers) {
      const values = {
        alias: user.alias,
        avatar: `/media/avatars/${user.avatar}`,
        password_hash: passwords.get(user.phone) ?? null,
      };
      const row = await trx
        .insertInto("users")
        .values({
          ...values,
          phone: user.phone,
          created_at: now,
          invite_code: newInviteCode(),
          invited_by: null,
          invited_at: null,
        })
        .onConflict((oc) => oc.column("phone").doUpdateSet(values))
        .returning("id")
        .executeTakeFirstOrThrow();
      userIds.push(row.id);
    }
    // an open and a closed activity (R-ACT-1)
    await seedDemoActivities(trx, now);
    await seedDemoClueReports(trx, now);
    // a circle with posts, hashtags and comments, and law questions with lawyers' answers (decision 035)
    await seedDemoCircles(trx, now);
    await seedDemoLaw(trx, now);
    // a volunteers' sign-up form (R-FORM-1)
    await seedDemoForm(trx, now);
    // two readers' tips with pictures waiting in the editors' queue (R-TIP-1)
    await seedDemoTips(trx, now);
    // the local channel's city and weather, as editors keep them (R-LBS-1)
    await saveLocalInfo(trx, demoLocalInfo.group, demoLocalInfo.update, now);
    // live rooms: one live now with its chat, one upcoming and booked, one replay (R-ENT-LIVE)
    await seedDemoLive(trx, now);
    // the demo invitation (R-INVITE-1): the first demo reader invites with a fixed code
    await trx
      .updateTable("users")
      .set({ invite_code: demoInviteCode })
      .where("id", "=", userIds[0] as number)
      .execute();
    await trx
      .insertInto("settings")
      .values({ key: "invite_reward", value: demoInviteReward })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: demoInviteReward }))
      .execute();
    await trx.deleteFrom("comments").where("user_id", "in", userIds).execute();
    const articleIds = new Map(demoArticles.map((a, i) => [a.externalId, contentIds[i] as number]));
    const hour = 60 * 60 * 1000;
    let comments = 0;
    // oldest first, so ids follow time as they do for real comments
    const byAge = [...demoComments].sort((a, b) => b.hoursAgo - a.hoursAgo);
    for (const comment of byAge) {
      const contentId = articleIds.get(comment.article) as number;
      const top = await trx
        .insertInto("comments")
        .values({
          content_id: contentId,
          user_id: userIds[comment.by] as number,
          root_id: 0,
          target_user_id: null,
          target_alias: "",
          body: comment.text,
          status: "published",
          hold_reason: "",
          ip_location: comment.location,
          star_count: comment.stars,
          reply_count: comment.replies?.length ?? 0,
          report_count: 0,
          created_at: now - comment.hoursAgo * hour,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      comments += 1;
      for (const reply of comment.replies ?? []) {
        const to = reply.to ?? comment.by;
        await trx
          .insertInto("comments")
          .values({
            content_id: contentId,
            user_id: userIds[reply.by] as number,
            root_id: top.id,
            target_user_id: userIds[to] as number,
            target_alias: reply.to === undefined ? "" : (demoUsers[to]?.alias ?? ""),
            body: reply.text,
            status: "published",
            hold_reason: "",
            ip_location: reply.location,
            star_count: 0,
            reply_count: 0,
            report_count: 0,
            created_at: now - reply.hoursAgo * hour,
          })
          .execute();
        comments += 1;
      }
    }
    // counters follow the rows
    for (const contentId of contentIds) {
      const { n } = await trx
        .selectFrom("comments")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("content_id", "=", contentId)
        .where("status", "=", "published")
        .executeTakeFirstOrThrow();
      await trx
        .updateTable("contents")
        .set({ comment_count: Number(n) })
        .where("id", "=", contentId)
        .execute();
    }

    // search: every title indexed (whatever seeded it), and the hot words in the demo's order
    await rebuildSearchIndex(trx);
    for (const [position, word] of demoHotWords.entries()) {
      await trx
        .insertInto("search_hot_words")
        .values({ word, position })
        .onConflict((oc) => oc.column("word").doUpdateSet({ position }))
        .execute();
    }

    // three weeks of readership, so that the editors' stats page draws real curves (R-STATS-1)
    const readable = await trx.selectFrom("contents").select("id").where("state", "=", 0).orderBy("id").execute();
    const demoEvents =
      options.readership === false
        ? { events: 0 }
        : await seedDemoEvents(
            trx,
            readable.map((row) => row.id),
            now,
          );

    return {
      articles: contentIds.length,
      otherItems: imported.items.length,
      mediaAccounts: mpIds.size,
      users: userIds.length,
      comments,
      trackingEvents: demoEvents.events,
    };
  });
}
