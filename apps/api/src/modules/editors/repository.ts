import type { EditorRole } from "@davmu/contracts/call";
import { type Kysely, sql, type Transaction } from "kysely";
import { failureCounted, passwordGuards } from "../../db/lockout.ts";
import type { Database } from "../../db/schema.ts";
import { repositoryPlugin } from "../../lib/repository-plugin.ts";
import { oneTimePasswordTtlMs } from "./passwords.ts";
import type { EditorAuditTable, EditorSessionsTable, EditorsTable, EditorTables } from "./tables.ts";

export type EditorRow = Omit<EditorsTable, "id"> & { id: number };
export type EditorSessionRow = Omit<EditorSessionsTable, "id"> & { id: number };
export type AuditRow = Omit<EditorAuditTable, "id"> & { id: number; editor_name: string | null };

/** What a live session answers per request: the session and its editor. */
export interface LiveSession {
  session: EditorSessionRow;
  editor: EditorRow;
}

export interface AuditFilter {
  editorId?: number;
  action?: string;
  target?: string;
  from?: number;
  to?: number;
  cursor?: number;
  limit: number;
}

export interface NewAuditEntry {
  editorId: number | null;
  ip: string;
  userAgent: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

const auditJsonLimit = 64 * 1024;
function auditJson(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = JSON.stringify(value);
  return text.length > auditJsonLimit ? JSON.stringify({ truncated: true, head: text.slice(0, auditJsonLimit) }) : text;
}

type Db = Kysely<Database> | Transaction<Database>;

export function createEditorRepository(database: Kysely<Database>) {
  const tables = (db: Db) => db.withTables<EditorTables>();
  const db = tables(database);

  const repository = {
    async create(
      editor: {
        email: string;
        name: string;
        role: EditorRole;
        passwordHash: string;
        totpRequired: boolean;
        /** the password is handed over by someone else: its owner must replace it first */
        oneTimePassword?: boolean;
      },
      now = Date.now(),
      on: Db = database,
    ): Promise<EditorRow | null> {
      const row = await tables(on)
        .insertInto("editors")
        .values({
          email: editor.email.toLowerCase(),
          name: editor.name,
          role: editor.role,
          password_hash: editor.passwordHash,
          totp_secret: null,
          totp_enabled: 0,
          totp_required: editor.totpRequired ? 1 : 0,
          totp_last_step: 0,
          disabled: 0,
          failed_count: 0,
          failed_at: 0,
          locked_until: 0,
          password_one_time: editor.oneTimePassword ? 1 : 0,
          password_expires_at: editor.oneTimePassword ? now + oneTimePasswordTtlMs : 0,
          password_version: 0,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column("email").doNothing())
        .returningAll()
        .executeTakeFirst();
      return (row as EditorRow | undefined) ?? null;
    },

    /**
     * Logins to an email no account has, counted and locked as an account's are (`passwordGuards`,
     * subject `editor:<email>`): a lock tells nothing about which emails are editors'.
     */
    unknownEmailTries: passwordGuards(db),

    async findByEmail(email: string): Promise<EditorRow | undefined> {
      return (await db.selectFrom("editors").selectAll().where("email", "=", email.toLowerCase()).executeTakeFirst()) as
        | EditorRow
        | undefined;
    },

    async findById(id: number, on: Db = database): Promise<EditorRow | undefined> {
      return (await tables(on).selectFrom("editors").selectAll().where("id", "=", id).executeTakeFirst()) as
        | EditorRow
        | undefined;
    },

    async list(): Promise<EditorRow[]> {
      return (await db.selectFrom("editors").selectAll().orderBy("id", "asc").execute()) as EditorRow[];
    },

    /** Names by id, for "handled by" answers and the audit trail. */
    async nameOf(id: number | null): Promise<string> {
      if (id === null) return "";
      const row = await db.selectFrom("editors").select("name").where("id", "=", id).executeTakeFirst();
      return row?.name ?? `#${id}`;
    },

    /**
     * Takes a password try before the password is checked: counted as a failure in one UPDATE …
     * RETURNING that only an account not locked passes (never read, then write), so parallel tries
     * cannot all be checked before the lock, and the try that reaches the threshold sets the lock
     * itself; a count last added to a day ago or more starts again at 1, as a name's without an account
     * does (`failuresAfter`). Null: the account is locked and no try was taken. A right password (and
     * code) then clears the count (`recordSuccess`).
     */
    async takeAttempt(id: number, now = Date.now()): Promise<{ failed_count: number; locked_until: number } | null> {
      const counted = failureCounted(
        { count: "failed_count", touchedAt: "failed_at", lockedUntil: "locked_until" },
        now,
      );
      const row = await db
        .updateTable("editors")
        .set({
          failed_count: counted.failures,
          locked_until: counted.lockedUntil,
          failed_at: now,
        })
        .where("id", "=", id)
        .where("locked_until", "<=", now)
        .returning(["failed_count", "locked_until"])
        .executeTakeFirst();
      return row ? { failed_count: Number(row.failed_count), locked_until: Number(row.locked_until) } : null;
    },

    /**
     * A login passed: the count is cleared, and a hash of older parameters raised to today's, only while
     * the account still has the hash that was checked (a reset made meanwhile is never undone).
     */
    async recordSuccess(id: number, now = Date.now(), rehash?: { checked: string; raised: string }): Promise<void> {
      await db.updateTable("editors").set({ failed_count: 0, locked_until: 0 }).where("id", "=", id).execute();
      if (rehash) {
        await db
          .updateTable("editors")
          .set({ password_hash: rehash.raised, updated_at: now })
          .where("id", "=", id)
          .where("password_hash", "=", rehash.checked)
          .execute();
      }
    },

    /** Takes a TOTP time step once: false when it (or a later one) was used already. */
    async useTotpStep(id: number, step: number): Promise<boolean> {
      const result = await db
        .updateTable("editors")
        .set({ totp_last_step: step })
        .where("id", "=", id)
        .where("totp_last_step", "<", step)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Changes an account in one transaction with its audit record (`audit` gets the rows before and
     * after). Disabling an account or changing its password ends its sessions in the same transaction;
     * a new password also adds one to `password_version`, so a session a login makes from the old one
     * while this runs never works.
     */
    async change(
      id: number,
      changes: Partial<
        Pick<
          EditorsTable,
          | "name"
          | "role"
          | "disabled"
          | "totp_required"
          | "password_hash"
          | "password_one_time"
          | "password_expires_at"
          | "failed_count"
          | "locked_until"
          | "totp_secret"
          | "totp_enabled"
          | "totp_last_step"
        >
      >,
      audit: ((trx: Transaction<Database>, before: EditorRow, after: EditorRow) => Promise<void>) | null,
      options: {
        endSessions?: boolean;
        keepSession?: number;
        /** Changes only while the account's `password_version` is this one (null when it is not). */
        passwordVersion?: number;
      } = {},
      now = Date.now(),
    ): Promise<EditorRow | null> {
      return database.transaction().execute(async (trx) => {
        const tx = tables(trx);
        const before = (await tx.selectFrom("editors").selectAll().where("id", "=", id).executeTakeFirst()) as
          | EditorRow
          | undefined;
        if (!before) return null;
        const newPassword = changes.password_hash !== undefined;
        let update = tx
          .updateTable("editors")
          // a new password makes every session begun under the old one stop working (liveSession)
          .set({ ...changes, updated_at: now, ...(newPassword ? { password_version: sql`password_version + 1` } : {}) })
          .where("id", "=", id);
        if (options.passwordVersion !== undefined)
          update = update.where("password_version", "=", options.passwordVersion);
        const after = (await update.returningAll().executeTakeFirst()) as EditorRow | undefined;
        if (!after) return null;
        if (options.endSessions || changes.disabled === 1) {
          let end = tx.deleteFrom("editor_sessions").where("editor_id", "=", id);
          if (options.keepSession) end = end.where("id", "!=", options.keepSession);
          await end.execute();
        }
        if (newPassword && options.keepSession) {
          // the session that changed the password goes on under the new one
          await tx
            .updateTable("editor_sessions")
            .set({ password_version: after.password_version })
            .where("id", "=", options.keepSession)
            .where("editor_id", "=", id)
            .execute();
        }
        if (audit) await audit(trx, before, after);
        return after;
      });
    },

    async createSession(
      session: {
        tokenHash: string;
        editorId: number;
        /** The account's `password_version` read with the password that was checked. */
        passwordVersion: number;
        ip: string;
        userAgent: string;
        ttlMs: number;
      },
      now = Date.now(),
    ): Promise<EditorSessionRow> {
      return (await db
        .insertInto("editor_sessions")
        .values({
          token_hash: session.tokenHash,
          editor_id: session.editorId,
          ip: session.ip.slice(0, 64),
          user_agent: session.userAgent.slice(0, 512),
          created_at: now,
          last_seen_at: now,
          expires_at: now + session.ttlMs,
          password_version: session.passwordVersion,
        })
        .returningAll()
        .executeTakeFirstOrThrow()) as EditorSessionRow;
    },

    /**
     * The live session of a cookie, read from the database on every request (so a disabled account or
     * an ended session stops working on every instance at once): not past its absolute end, not idle
     * longer than `idleMs`, its editor not disabled, and begun under the editor's current password.
     */
    async liveSession(tokenHash: string, idleMs: number, now = Date.now()): Promise<LiveSession | null> {
      const row = await db
        .selectFrom("editor_sessions")
        .innerJoin("editors", "editors.id", "editor_sessions.editor_id")
        .selectAll("editors")
        .select([
          "editor_sessions.id as session_id",
          "editor_sessions.token_hash as session_token_hash",
          "editor_sessions.ip as session_ip",
          "editor_sessions.user_agent as session_user_agent",
          "editor_sessions.created_at as session_created_at",
          "editor_sessions.last_seen_at as session_last_seen_at",
          "editor_sessions.expires_at as session_expires_at",
        ])
        .where("editor_sessions.token_hash", "=", tokenHash)
        .where("editor_sessions.expires_at", ">", now)
        .where("editor_sessions.last_seen_at", ">", now - idleMs)
        .where("editors.disabled", "=", 0)
        // begun under the password the account has now: a change or reset since ends it
        .whereRef("editor_sessions.password_version", "=", "editors.password_version")
        .executeTakeFirst();
      if (!row) return null;
      const {
        session_id,
        session_token_hash,
        session_ip,
        session_user_agent,
        session_created_at,
        session_last_seen_at,
        session_expires_at,
        ...editor
      } = row;
      return {
        session: {
          id: session_id,
          token_hash: session_token_hash,
          editor_id: editor.id,
          ip: session_ip,
          user_agent: session_user_agent,
          created_at: Number(session_created_at),
          last_seen_at: Number(session_last_seen_at),
          expires_at: Number(session_expires_at),
          password_version: Number(editor.password_version),
        },
        editor: editor as EditorRow,
      };
    },

    /** Marks a session active; at most one write a minute per session. */
    async touch(sessionId: number, now = Date.now()): Promise<void> {
      await db
        .updateTable("editor_sessions")
        .set({ last_seen_at: now })
        .where("id", "=", sessionId)
        .where("last_seen_at", "<", now - 60_000)
        .execute();
    },

    async sessionsOf(editorId: number, idleMs: number, now = Date.now()): Promise<EditorSessionRow[]> {
      return (await db
        .selectFrom("editor_sessions")
        .selectAll()
        .where("editor_id", "=", editorId)
        .where("expires_at", ">", now)
        .where("last_seen_at", ">", now - idleMs)
        // a session begun under a password since replaced works no more: not listed
        .where("password_version", "=", (eb) =>
          eb.selectFrom("editors").select("editors.password_version").where("editors.id", "=", editorId),
        )
        .orderBy("id", "desc")
        .execute()) as EditorSessionRow[];
    },

    /** Ends the session of a token, whoever's it is: a login ends the session its browser presented. */
    async endSessionOfToken(tokenHash: string): Promise<void> {
      await db.deleteFrom("editor_sessions").where("token_hash", "=", tokenHash).execute();
    },

    /** Ends one of an editor's sessions; false when it is not theirs or already gone. */
    async endSession(editorId: number, sessionId: number, on: Db = database): Promise<boolean> {
      const result = await tables(on)
        .deleteFrom("editor_sessions")
        .where("id", "=", sessionId)
        .where("editor_id", "=", editorId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /** Runs `work` in one transaction: a change and its audit record commit together or not at all. */
    inTransaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return database.transaction().execute(work);
    },

    /** Writes an audit record, in the transaction of the change it records when one is given. */
    async audit(entry: NewAuditEntry, on: Db = database, now = Date.now()): Promise<void> {
      await tables(on)
        .insertInto("editor_audit")
        .values({
          at: now,
          editor_id: entry.editorId,
          ip: entry.ip.slice(0, 64),
          user_agent: entry.userAgent.slice(0, 512),
          action: entry.action,
          target: entry.target.slice(0, 200),
          before_json: auditJson(entry.before),
          after_json: auditJson(entry.after),
        })
        .execute();
    },

    /** The audit trail, newest first, `limit` at a time before `cursor` (an id). */
    async auditTrail(filter: AuditFilter): Promise<{ rows: AuditRow[]; next: number | null }> {
      let query = db
        .selectFrom("editor_audit")
        .leftJoin("editors", "editors.id", "editor_audit.editor_id")
        .selectAll("editor_audit")
        .select("editors.name as editor_name")
        .orderBy("editor_audit.id", "desc")
        .limit(filter.limit + 1);
      if (filter.editorId !== undefined) query = query.where("editor_audit.editor_id", "=", filter.editorId);
      if (filter.action !== undefined) query = query.where("editor_audit.action", "=", filter.action);
      if (filter.target !== undefined) query = query.where("editor_audit.target", "=", filter.target);
      if (filter.from !== undefined) query = query.where("editor_audit.at", ">=", filter.from);
      if (filter.to !== undefined) query = query.where("editor_audit.at", "<", filter.to);
      if (filter.cursor !== undefined) query = query.where("editor_audit.id", "<", filter.cursor);
      const rows = (await query.execute()) as AuditRow[];
      const more = rows.length > filter.limit;
      const page = more ? rows.slice(0, filter.limit) : rows;
      return { rows: page, next: more ? (page[page.length - 1]?.id ?? null) : null };
    },
  };
  return repository;
}

export type EditorRepository = ReturnType<typeof createEditorRepository>;

declare module "fastify" {
  interface FastifyInstance {
    editors: EditorRepository;
  }
}

export const editorsPlugin = repositoryPlugin("editors-repository", "editors", (app) =>
  createEditorRepository(app.database.db),
);
