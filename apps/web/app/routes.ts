import { index, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * The route table of spec §2, with the pages beyond it (tips under /dejin/tip, cloud forms under
 * /{actor}/form). Anything else gets the catch-all's not-found page and 404.
 *
 * Each route module lives in its feature (features/<feature>/routes/, decision 065). A route keeps the
 * id it had when the modules were one `routes/` folder (`routes/home`…): the page's hand-off, the
 * routes without scripts (islands/page.ts) and the bundle check name routes by it.
 */
export default [
  index("features/lists/routes/home.tsx", { id: "routes/home" }),
  route("pc", "features/pc/routes/pc.tsx", { id: "routes/pc" }),
  route("404", "features/errors/routes/not-found.tsx", { id: "not-found" }),
  route("preview_expired", "features/preview/routes/preview-expired.tsx", { id: "routes/preview-expired" }),
  route("auth", "features/account/routes/auth.tsx", { id: "routes/auth" }),
  route("bar", "features/navigation/routes/bar.tsx", { id: "routes/bar" }),
  route("invite/:code?/:index", "features/activity/routes/invite.tsx", { id: "routes/invite" }),
  route("activity/:post_id?/:index", "features/activity/routes/activity.tsx", { id: "routes/activity" }),
  route("dejin/catalog/:index", "features/dejin/routes/dejin-catalog.tsx", { id: "routes/dejin-catalog" }),
  route("dejin/content/:index", "features/dejin/routes/dejin-content.tsx", { id: "routes/dejin-content" }),
  route("dejin/detail/:post_id?/:index", "features/dejin/routes/dejin-detail.tsx", { id: "routes/dejin-detail" }),
  route("dejin/personal/:user_id?/:index", "features/dejin/routes/dejin-personal.tsx", { id: "routes/dejin-personal" }),
  route("dejin/topic/:topic_name?/:index", "features/dejin/routes/dejin-topic.tsx", { id: "routes/dejin-topic" }),
  route("dejin/tip/:index", "features/tips/routes/dejin-tip.tsx", { id: "routes/dejin-tip" }),
  route("dejin/tip/:receipt/:index", "features/tips/routes/dejin-tip-receipt.tsx", { id: "routes/dejin-tip-receipt" }),
  route("dimim/circle/:index", "features/community/routes/dimim-circle.tsx", { id: "routes/dimim-circle" }),
  route("dimim/content/:index", "features/community/routes/dimim-content.tsx", { id: "routes/dimim-content" }),
  route("dimim/topic/:index", "features/community/routes/dimim-topic.tsx", { id: "routes/dimim-topic" }),
  route("fazak/problemShare/:index", "features/community/routes/fazak-problem-share.tsx", {
    id: "routes/fazak-problem-share",
  }),
  route("agreement/:kind", "features/account/routes/agreement.tsx", { id: "routes/agreement" }),
  route("search/:index", "features/lists/routes/search.tsx", { id: "routes/search" }),
  route("content_model/:index", "features/lists/routes/content-model.tsx", { id: "routes/content-model" }),
  route("list/:list_id?/:index", "features/lists/routes/list.tsx", { id: "routes/list" }),
  route("fly_card/:list_id?/:index", "features/lists/routes/fly-card.tsx", { id: "routes/fly-card" }),
  route(":actor/doc/:year?/:month?/:post_id?/:index", "features/content/routes/doc.tsx", { id: "routes/doc" }),
  route(":actor/video/:year?/:month?/:post_id?/:index", "features/media/routes/video.tsx", { id: "routes/video" }),
  route(":actor/svideo/:year?/:month?/:post_id?/:index", "features/media/routes/svideo.tsx", { id: "routes/svideo" }),
  route(":actor/audio/:year?/:month?/:post_id?/:index", "features/media/routes/audio.tsx", { id: "routes/audio" }),
  route(":actor/audio_album/:year?/:month?/:post_id?/:index", "features/media/routes/album.tsx", { id: "audio-album" }),
  route(":actor/video_album/:year?/:month?/:post_id?/:index", "features/media/routes/album.tsx", { id: "video-album" }),
  route(":actor/gallery/:year?/:month?/:post_id?/:index", "features/media/routes/gallery.tsx", {
    id: "routes/gallery",
  }),
  route(":actor/local_live/:year?/:month?/:post_id?/:index", "features/live/routes/local-live.tsx", {
    id: "routes/local-live",
  }),
  route(":actor/mini_program/:year?/:month?/:post_id?/:index", "features/content/routes/mini-program.tsx", {
    id: "routes/mini-program",
  }),
  route(":actor/form/:year?/:month?/:post_id?/:index", "features/forms/routes/form.tsx", { id: "routes/form" }),
  route("special/:id?/:index", "features/content/routes/special.tsx", { id: "special" }),
  route(":actor/special/:year?/:month?/:id?/:index", "features/content/routes/special.tsx", { id: "actor-special" }),
  route("*", "features/errors/routes/not-found.tsx", { id: "unknown-route" }),
] satisfies RouteConfig;
