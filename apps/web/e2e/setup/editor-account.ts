import { spawnSync } from "node:child_process";

/**
 * Makes an admin on the product's database as a newsroom makes its first one: `npm run editor --
 * create --role admin … --password-stdin` (R-CONSOLE-1). Every editors' call but the content import
 * needs an editor's session.
 */
export function createAdminByCommand(
  root: string,
  env: NodeJS.ProcessEnv,
  account: { email: string; password: string },
): void {
  const created = spawnSync(
    process.execPath,
    [
      "apps/api/src/modules/editors/cli.ts",
      "create",
      "--role",
      "admin",
      "--name",
      "测试管理员",
      "--email",
      account.email,
      "--password-stdin",
    ],
    { cwd: root, env, encoding: "utf8", input: account.password },
  );
  if (created.status !== 0) throw new Error(`creating the admin failed:\n${created.stdout}\n${created.stderr}`);
}
