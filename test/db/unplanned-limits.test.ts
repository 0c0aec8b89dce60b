import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { unplannedLimits } from "../../src/db/unplanned-limits";
import { createDb } from "../../src/db/client";
import { sql } from "drizzle-orm";

describe("unplannedLimits", () => {
  it("writes bound limits and offsets as expressions, in any case", () => {
    expect(unplannedLimits("SELECT a FROM t ORDER BY a LIMIT ? OFFSET ?")).toBe(
      "SELECT a FROM t ORDER BY a LIMIT (? + 0) OFFSET (? + 0)",
    );
    expect(unplannedLimits('select "x" from t where y in (select z from u limit ?) limit ?')).toBe(
      'select "x" from t where y in (select z from u limit (? + 0)) limit (? + 0)',
    );
  });

  it("leaves literal limits, other parameters and quoted text alone", () => {
    const text = `SELECT 'limit ?', "offset ?" FROM t WHERE a = ? LIMIT 1`;
    expect(unplannedLimits(text)).toBe(text);
  });

  it("reads the same rows through drizzle as a bound limit would", async () => {
    const db = createDb(env.DB);
    const rows = await db.all<{ n: number }>(
      sql`SELECT value AS n FROM json_each('[1,2,3,4,5]') ORDER BY n LIMIT ${2} OFFSET ${1}`,
    );
    expect(rows.map((r) => r.n)).toEqual([2, 3]);
  });
});
