import { index, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * The route table of spec §2. Screens of later issues (/dejin, /dimim, /fazak)
 * have no route yet: the catch-all answers them with the not-found page and 404.
 */
export default [
  index("routes/home.tsx"),
  route("pc", "routes/pc.tsx"),
  route("404", "routes/not-found.tsx", { id: "not-found" }),
  route("preview_expired", "routes/preview-expired.tsx"),
  route("auth", "routes/auth.tsx"),
  route("bar", "routes/bar.tsx"),
  route("invite/:code?/:index", "routes/invite.tsx"),
  route("activity/:post_id?/:index", "routes/activity.tsx"),
  route("dejin/catalog/:index", "routes/dejin-catalog.tsx"),
  route("dejin/content/:index", "routes/dejin-content.tsx"),
  route("dejin/detail/:post_id?/:index", "routes/dejin-detail.tsx"),
  route("dejin/personal/:user_id?/:index", "routes/dejin-personal.tsx"),
  route("dejin/topic/:topic_name?/:index", "routes/dejin-topic.tsx"),
  route("dimim/circle/:index", "routes/dimim-circle.tsx"),
  route("dimim/content/:index", "routes/dimim-content.tsx"),
  route("dimim/topic/:index", "routes/dimim-topic.tsx"),
  route("fazak/problemShare/:index", "routes/fazak-problem-share.tsx"),
  route("agreement/:kind", "routes/agreement.tsx"),
  route("search/:index", "routes/search.tsx"),
  route("content_model/:index", "routes/content-model.tsx"),
  route("list/:list_id?/:index", "routes/list.tsx"),
  route("fly_card/:list_id?/:index", "routes/fly-card.tsx"),
  route(":actor/doc/:year?/:month?/:post_id?/:index", "routes/doc.tsx"),
  route(":actor/video/:year?/:month?/:post_id?/:index", "routes/video.tsx"),
  route(":actor/svideo/:year?/:month?/:post_id?/:index", "routes/svideo.tsx"),
  route(":actor/audio/:year?/:month?/:post_id?/:index", "routes/audio.tsx"),
  route(":actor/audio_album/:year?/:month?/:post_id?/:index", "routes/album.tsx", { id: "audio-album" }),
  route(":actor/video_album/:year?/:month?/:post_id?/:index", "routes/album.tsx", { id: "video-album" }),
  route(":actor/gallery/:year?/:month?/:post_id?/:index", "routes/gallery.tsx"),
  route(":actor/local_live/:year?/:month?/:post_id?/:index", "routes/local-live.tsx"),
  route(":actor/mini_program/:year?/:month?/:post_id?/:index", "routes/mini-program.tsx"),
  route(":actor/form/:year?/:month?/:post_id?/:index", "routes/form.tsx"),
  route("special/:id?/:index", "routes/special.tsx", { id: "special" }),
  route(":actor/special/:year?/:month?/:id?/:index", "routes/special.tsx", { id: "actor-special" }),
  route("*", "routes/not-found.tsx", { id: "unknown-route" }),
] satisfies RouteConfig;
