import { parseArgs } from "node:util";
import type { EditorRole } from "@davmu/contracts/call";
import { editorRoles } from "@davmu/contracts/editors";
import type { Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";

/**
 * `npm run editor -- create --role admin --name 王编辑 --email wang@example.com [--password-stdin]`:
 * makes an editor account (the first admin, say) straight in the database. Prints a one-time password
 * on stdout (valid 72 hours), or takes the password from stdin with --password-stdin (at least 12
 * characters). The account and its creation are written with an audit record in one transaction
 * (R-CONSOLE-1, R-CONSOLE-3).
 *
 * `npm run editor -- reset-password --email wang@example.com [--password-stdin]`: the same for an
 * account whose password is lost when no other admin can reset it from the console (the only admin):
 * a new one-time password printed (or the one from stdin), its lock cleared, every session of it ended,
 * audited.
 *
 * The command is this function, answering its exit status (64 usage, 65 refused data, 78 configuration);
 * `cli.ts` runs it on the process's arguments, environment and streams.
 */
export interface EditorCommandIo {
  /** the settings the product reads (DATABASE_URL, EDITOR_PASSWORD_COST…) */
  env: NodeJS.ProcessEnv;
  /** what was given on stdin, read only for --password-stdin */
  stdin(): Promise<string>;
  /** a line for stdout (the one-time password, alone) */
  out(line: string): void;
  /** a line for stderr (what was done, or why not) */
  err(line: string): void;
}

const usage =
  "usage: npm run editor -- create --role admin|editor|moderator|analyst --name <name> --email <email> [--totp-required] [--password-stdin]\n" +
  "       npm run editor -- reset-password --email <email> [--password-stdin]";

/** Ends the command with an exit status and a line on stderr. */
class Refusal extends Error {
  readonly status: number;
  constructor(message: string, status = 64) {
    super(message);
    this.status = status;
  }
}

function fail(message: string, status = 64): never {
  throw new Refusal(message, status);
}

export async function editorCommand(args: readonly string[], io: EditorCommandIo): Promise<number> {
  try {
    await run(args, io);
    return 0;
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    io.err(error.message);
    return error.status;
  }
}

async function run(args: readonly string[], io: EditorCommandIo): Promise<void> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...args],
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
  const command = positionals[0];
  if (positionals.length !== 1 || (command !== "create" && command !== "reset-password")) fail(usage);
  const role = values.role as string | undefined;
  const name = (values.name as string | undefined)?.trim();
  const email = (values.email as string | undefined)?.trim().toLowerCase();
  if (command === "create") {
    if (!role || !(editorRoles as readonly string[]).includes(role))
      fail(`--role must be one of ${editorRoles.join(", ")}\n${usage}`);
    if (!name || name.length > 64) fail(`--name is required (at most 64 characters)\n${usage}`);
  } else if (role !== undefined || name !== undefined || values["totp-required"] !== undefined) {
    fail(`reset-password takes --email and --password-stdin only\n${usage}`);
  }
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254)
    fail(`--email must be an email address\n${usage}`);

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
  const { hashEditorPassword, oneTimePassword, oneTimePasswordTtlMs } = passwords;
  const { createEditorRepository } = repository;

  const fromStdin = values["password-stdin"] === true;
  const password = fromStdin ? (await io.stdin()).replace(/\r?\n$/, "") : oneTimePassword();
  if (fromStdin && (password.length < 12 || password.length > 256))
    fail("the password read from stdin must have 12 to 256 characters", 65);
  /** A password read from stdin is the owner's own: one the lists, a keyboard walk or the account give away is refused. */
  const refuseWeak = (account: { email: string; name: string }) => {
    if (fromStdin && strength.weakPassword(password, account))
      fail("the password read from stdin is too common or too easy to guess: choose a longer, rarer one", 65);
  };
  /** A printed password is handed over: its owner replaces it at the first login, within 72 hours. */
  const printOneTime = () => {
    if (fromStdin) return;
    io.err("one-time password (hand it over, then change it after the first login; valid 72 hours):");
    io.out(password);
  };

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error), 78);
  }

  const handle = openDatabase(config.database);
  try {
    await migrateToLatest(handle.db);
    const editors = createEditorRepository(handle.db);
    const audited = (action: string, id: number, before: unknown, after: unknown) => (trx: Transaction<Database>) =>
      editors.audit(
        { editorId: null, ip: "", userAgent: "npm run editor", action, target: `editor:${id}`, before, after },
        trx,
      );
    if (command === "create") {
      refuseWeak({ email, name: name as string });
      const passwordHash = await hashEditorPassword(password, config.editorPasswordCost);
      const created = await editors.inTransaction(async (trx) => {
        const row = await editors.create(
          {
            email,
            name: name as string,
            role: role as EditorRole,
            passwordHash,
            totpRequired: values["totp-required"] === true,
            oneTimePassword: !fromStdin,
          },
          Date.now(),
          trx,
        );
        if (row) {
          await audited("createEditor", row.id, null, { id: row.id, email: row.email, name: row.name, role: row.role })(
            trx,
          );
        }
        return row;
      });
      if (!created) fail(`an account with ${email} exists already`, 65);
      io.err(`created ${role} #${created.id} ${email}`);
      printOneTime();
    } else {
      const account = await editors.findByEmail(email);
      if (!account) fail(`no account has the email ${email}`, 65);
      refuseWeak(account);
      const now = Date.now();
      const changed = await editors.change(
        account.id,
        {
          password_hash: await hashEditorPassword(password, config.editorPasswordCost),
          password_one_time: fromStdin ? 0 : 1,
          password_expires_at: fromStdin ? 0 : now + oneTimePasswordTtlMs,
          failed_count: 0,
          locked_until: 0,
        },
        (trx, before, after) =>
          audited(
            "resetEditorPassword",
            account.id,
            { id: before.id, email: before.email },
            { id: after.id, email: after.email, password: "reset" },
          )(trx),
        { endSessions: true },
        now,
      );
      if (!changed) fail(`no account has the email ${email}`, 65);
      io.err(`password of #${changed.id} ${email} reset; every session of it ended`);
      printOneTime();
    }
  } finally {
    await handle.destroy();
  }
}
