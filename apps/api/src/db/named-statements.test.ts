import { describe, expect, it } from "vitest";
import { nameStatement, statementName } from "./named-statements.ts";

describe("named statements", () => {
  it("R-SRV-1 a statement that names its columns is named by its text's hash, the same each time", () => {
    const text = 'select "item"."id", "item"."title" from "contents" as "item" where "item"."id" = $1';
    expect(statementName(text)).toBeUndefined();
    nameStatement(text);
    nameStatement(text);
    expect(statementName(text)).toMatch(/^davmu_[0-9a-f]{24}$/);
    expect(statementName(`${text} `)).toBeUndefined();
  });

  it("R-SRV-2 a statement selecting * is refused: prepared, it would fail once a migration adds a column", () => {
    for (const text of [
      'select * from "contents" where "id" = $1',
      'select "item".* from "contents" as "item" where "item"."id" = $1',
      "SELECT DISTINCT * FROM contents",
      'select "c"."id", (select "a".* from "media_accounts" as "a") from "contents" as "c"',
    ]) {
      expect(() => nameStatement(text), text).toThrow(/must name its columns/);
      expect(statementName(text)).toBeUndefined();
    }
    // a count(*) names no columns of a table and changes no result type
    expect(() => nameStatement('select count(*) as "n" from "contents"')).not.toThrow();
  });
});
