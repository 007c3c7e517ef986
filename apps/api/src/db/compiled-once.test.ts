import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledOnce } from "./compiled-once.ts";

interface Db {
  items: { id: number; name: string; state: number; rank: number };
}

describe("compiledOnce", () => {
  let db: Kysely<Db>;
  beforeAll(async () => {
    db = new Kysely<Db>({ dialect: new SqliteDialect({ database: new SQLite(":memory:") }) });
    await db.schema
      .createTable("items")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("name", "text")
      .addColumn("state", "integer")
      .addColumn("rank", "integer")
      .execute();
    await db
      .insertInto("items")
      .values(Array.from({ length: 50 }, (_, n) => ({ id: n + 1, name: `第${n + 1}条`, state: n % 3, rank: 50 - n })))
      .execute();
  });
  afterAll(() => db.destroy());

  it("R-SRV-7 answers what the same query built on every call answers, for every argument", async () => {
    const byState = compiledOnce(db, (state: number, below: number) =>
      db
        .selectFrom("items")
        .selectAll()
        .where("state", "=", state)
        .where("id", "<", below)
        .where("rank", ">", 3)
        .orderBy("id"),
    );
    for (const [state, below] of [
      [0, 10],
      [1, 40],
      [2, 51],
      [5, 51],
      [0, 0],
    ] as const) {
      const plain = await db
        .selectFrom("items")
        .selectAll()
        .where("state", "=", state)
        .where("id", "<", below)
        .where("rank", ">", 3)
        .orderBy("id")
        .execute();
      expect(await byState(state, below)).toEqual(plain);
    }
  });

  it("R-SRV-7 calls in flight together each get the rows of their own arguments", async () => {
    const byId = compiledOnce(db, (id: number) => db.selectFrom("items").select(["id", "name"]).where("id", "=", id));
    const ids = Array.from({ length: 60 }, (_, n) => n + 1);
    const answers = await Promise.all(ids.map((id) => byId(id)));
    answers.forEach((rows, n) => {
      const id = ids[n] as number;
      expect(rows).toEqual(id <= 50 ? [{ id, name: `第${id}条` }] : []);
    });
  });

  it("R-SRV-7 an argument used twice is bound in both places; constants stay as they were built", async () => {
    const around = compiledOnce(db, (id: number) =>
      db.selectFrom("items").select("id").where("id", ">=", id).where("id", "<=", id).where("state", "in", [0, 1]),
    );
    expect(await around(4)).toEqual([{ id: 4 }]);
    expect(await around(3)).toEqual([]); // state 2
  });

  it("R-SRV-7 an argument that shapes the SQL instead of being bound is refused at the first call", async () => {
    const shaped = compiledOnce(db, (column: "id" | "rank") => db.selectFrom("items").select("id").orderBy(column));
    await expect(shaped("id")).rejects.toThrow(/cannot be built with its arguments as bound values/);
    const listed = compiledOnce(db, (states: readonly number[]) =>
      db.selectFrom("items").select("id").where("state", "in", states),
    );
    await expect(listed([0, 1])).rejects.toThrow(/cannot be built with its arguments as bound values/);
  });
});
