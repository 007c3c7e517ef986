/**
 * The API's configuration: read from the environment through the one schema the API and the site
 * share (packages/config, R-SRV-7).
 */
export { type Config, type DatabaseConfig, type Limits, loadConfig, repoRoot, type SmsConfig } from "@davmu/config/api";
export { ConfigError } from "@davmu/config/read";
