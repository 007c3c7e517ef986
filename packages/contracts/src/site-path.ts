/** Every page, asset and link of the share site lives under this path (spec §2). */
export const siteBasePath = "/davmu/share";

/** The base with its trailing slash, as the router and the bundler want it. */
export const siteBase = `${siteBasePath}/`;
