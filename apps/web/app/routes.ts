import { index, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * The route table of spec §2. Screens of later issues (/auth, /bar, /activity, /invite, /dejin,
 * /dimim, /fazak) have no route yet: the catch-all answers them with the not-found page and 404.
 */
export default [
  index("routes/home.tsx"),
  route("pc", "routes/pc.tsx"),
  route("404", "routes/not-found.tsx", { id: "not-found" }),
  route("search/:index", "routes/search.tsx"),
  route("content_model/:index", "routes/content-model.tsx"),
  route("list/:list_id?/:index", "routes/list.tsx"),
  route("fly_card/:list_id?/:index", "routes/fly-card.tsx"),
  route(":actor/doc/:year?/:month?/:post_id?/:index", "routes/doc.tsx"),
  route("*", "routes/not-found.tsx", { id: "unknown-route" }),
] satisfies RouteConfig;
