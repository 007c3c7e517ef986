import { parseArgs } from "node:util";
import type { EditorRole } from "@davmu/contracts/call";
import { editorRoles } from "@davmu/contracts/editors";

/**
 * `npm run editor -- create --role admin --name 王编辑 --email wang@example.com [--password-stdin]`:
 * makes an editor account (the first admin, say) straight in the database. Prints a one-time password
 * on stdout, or takes the password from stdin with --password-stdin (at least 12 characters). The
 * account and its creation are written with an audit record in one transaction (R-CONSOLE-1, R-CONSOLE-3).
 */
const usage =
  "usage: npm run editor -- create --role admin|editor|moderator|analyst --name <name> --email <email> [--totp-required] [--password-stdin]";

function fail(message: string, code = 64): never {
  console.error(message);
  process.exit(code);
}

let parsed: ReturnType<typeof parseArgs>;
try {
  parsed = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: {
      role: { type: "string" },
      name: { type: "string" },
      email: { type: "string" },
      "totp-required": { type: "boolean" },
      "password-stdin": { type: "boolean" },
    },
  });
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`);
}
const { values, positionals } = parsed;
if (positionals.length !== 1 || positionals[0] !== "create") fail(usage);
const role = values.role as string | undefined;
const name = (values.name as string | undefined)?.trim();
const email = (values.email as string | undefined)?.trim().toLowerCase();
if (!role || !(editorRoles as readonly string[]).includes(role))
  fail(`--role must be one of ${editorRoles.join(", ")}\n${usage}`);
if (!name || name.length > 64) fail(`--name is required (at most 64 characters)\n${usage}`);
if (!email || !/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254)
  fail(`--email must be an email address\n${usage}`);

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

// the product's modules are loaded only once the command is known to be well formed, so a usage
// error answers at once
const [database, migrate, configuration, passwords, repository, strength] = await Promise.all([
  import("../../db/database.ts"),
  import("../../db/migrate.ts"),
  import("../../plugins/config.ts"),
  import("./passwords.ts"),
  import("./repository.ts"),
  import("./password-strength.ts"),
]);
const { openDatabase } = database;
const { migrateToLatest } = migrate;
const { ConfigError, loadConfig } = configuration;
const { hashEditorPassword, oneTimePassword } = passwords;
const { createEditorRepository } = repository;

let password: string;
if (values["password-stdin"]) {
  password = await readStdin();
  if (password.length < 12 || password.length > 256)
    fail("the password read from stdin must have 12 to 256 characters", 65);
  if (strength.weakPassword(password, { email, name }))
    fail("the password read from stdin is too common or too easy to guess: choose a longer, rarer one", 65);
} else {
  password = oneTimePassword();
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error), 78);
}

const handle = openDatabase(config.database);
try {
  await migrateToLatest(handle.db);
  const editors = createEditorRepository(handle.db);
  const passwordHash = await hashEditorPassword(password, config.editorPasswordCost);
  const created = await editors.inTransaction(async (trx) => {
    const row = await editors.create(
      {
        email,
        name,
        role: role as EditorRole,
        passwordHash,
        totpRequired: values["totp-required"] === true,
        // a printed password is handed over: its owner replaces it at the first login
        oneTimePassword: !values["password-stdin"],
      },
      Date.now(),
      trx,
    );
    if (row) {
      await editors.audit(
        {
          editorId: null,
          ip: "",
          userAgent: "npm run editor",
          action: "createEditor",
          target: `editor:${row.id}`,
          before: null,
          after: { id: row.id, email: row.email, name: row.name, role: row.role },
        },
        trx,
      );
    }
    return row;
  });
  if (!created) fail(`an account with ${email} exists already`, 65);
  console.error(`created ${role} #${created.id} ${email}`);
  if (!values["password-stdin"]) {
    console.error("one-time password (hand it over, then change it after the first login):");
    console.log(password);
  }
} finally {
  await handle.destroy();
}
