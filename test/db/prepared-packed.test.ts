import { env } from "cloudflare:test";
import { asc, count, eq, sql } from "drizzle-orm";
import { sqliteTable, blob, text } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { preparedSelect, type Params, type PreparedSelect } from "../../src/db/prepared";
import { apiTokens, organizations, orgMembers, users } from "../../src/db/schema";
import { makeOrg, makeUser } from "../helpers/factories";

// A packed select (`{ packed: true }`) reads each row as one JSON array: the rows it gives must
// be the unpacked select's, value for value, whatever the columns' decoders.

const db = createDb(env.DB);

/** The same select unpacked and packed, run in one batch. */
async function both<T>(make: (packed: boolean) => PreparedSelect<T, "id">, id: string) {
  return db.batch([make(false).bind(db, { id }), make(true).bind(db, { id })]);
}

describe("packed prepared selects", () => {
  it("read the same rows: booleans, JSON columns, mapWith values, nulls, groups", async () => {
    const { user } = await makeUser({ emailVerified: true, scopes: ["read:content"] });
    const [plain, packed] = await both(
      (packed) =>
        preparedSelect(
          () => ({
            user: users,
            token: { scopes: apiTokens.scopes, lastUsed: apiTokens.lastUsedAt },
            n: sql<number>`length(${users.email})`.mapWith(Number).as("n"),
            nothing: sql<string | null>`NULL`.as("nothing"),
            real: sql<number>`1.5`.as("real"),
          }),
          (select, p: Params<"id">) =>
            select
              .from(users)
              .innerJoin(apiTokens, eq(apiTokens.userId, users.id))
              .where(eq(users.id, p("id"))),
          { packed },
        ),
      user.id,
    );
    expect(packed).toEqual(plain);
    expect(packed).toHaveLength(1);
    expect(packed[0]).toMatchObject({
      user: { id: user.id, emailVerified: true },
      token: { scopes: ["read:content"] },
      real: 1.5,
      nothing: null,
    });
  });

  it("give a JSON value SQLite made (json_object) back as its text, as D1 does", async () => {
    const { org } = await makeOrg();
    const [plain, packed] = await both(
      (packed) =>
        preparedSelect(
          () => ({
            id: organizations.id,
            json: sql<string>`json_object('title', ${organizations.title}, 'n', 2)`.as("json"),
            members: count(),
          }),
          (select, p: Params<"id">) =>
            select
              .from(organizations)
              .innerJoin(orgMembers, eq(orgMembers.organizationId, organizations.id))
              .where(eq(organizations.id, p("id")))
              .groupBy(organizations.id)
              .orderBy(asc(organizations.id)),
          { packed },
        ),
      org.id,
    );
    expect(packed).toEqual(plain);
    expect(JSON.parse((packed[0] as { json: string }).json)).toEqual({ title: org.title, n: 2 });
  });

  it("refuse a blob column (JSON cannot hold one)", () => {
    const files = sqliteTable("packed_blobs", { id: text("id"), data: blob("data") });
    const statement = preparedSelect(
      () => ({ id: files.id, data: files.data }),
      (select) => select.from(files),
      { packed: true },
    );
    expect(() => statement.bind(db, {})).toThrow(/blob/);
  });
});
