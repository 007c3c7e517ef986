import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("pc", "routes/pc.tsx"),
  route("404", "routes/not-found.tsx", { id: "not-found" }),
  route(":actor/doc/:year?/:month?/:post_id?/:index", "routes/doc.tsx"),
  route("*", "routes/not-found.tsx", { id: "unknown-route" }),
] satisfies RouteConfig;
