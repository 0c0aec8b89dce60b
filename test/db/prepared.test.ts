import { env } from "cloudflare:test";
import { and, asc, Column, count, eq, is, Param, Placeholder, sql, SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { describe, expect, it, vi, beforeAll } from "vitest";
import { createDb } from "../../src/db/client";
import {
  bindAll,
  encodedParam,
  preparedSelect,
  preparedShapes,
  type Params,
  type PreparedSelect,
} from "../../src/db/prepared";
import { apiTokens, organizations, orgMembers, users } from "../../src/db/schema";
import { makeOrg, makeUser, unique } from "../helpers/factories";
import { sqliteTable, blob, text } from "drizzle-orm/sqlite-core";
import { unplannedLimits } from "../../src/db/unplanned-limits";
import { emptyStorage } from "../helpers/storage";

describe("prepared", () => {
  // `src/db/prepared.ts` writes a select's text once and reads D1's rows itself, leaning on drizzle
  // internals that no public type promises. Each test here pins one of them, so a drizzle upgrade
  // that changes any fails here, by name, before a list quietly returns wrong rows.

  const db = createDb(env.DB);

  describe("the drizzle internals prepared selects rely on", () => {
    it("D1 batch calls _prepare() on each item, binds stmt with getQuery().params, reads through mapResult", async () => {
      const mapResult = vi.fn((result: unknown) => (result as { results: unknown[] }).results);
      const item = {
        _prepare: vi.fn(() => ({
          stmt: env.DB.prepare("SELECT ?1 AS a"),
          getQuery: () => ({ sql: "SELECT ?1 AS a", params: [7] }),
          mapResult,
        })),
      };
      const [rows, own] = await db.batch([
        item as unknown as BatchItem<"sqlite">,
        db
          .select({ n: sql<number>`1` })
          .from(users)
          .limit(1),
      ]);
      expect(item._prepare).toHaveBeenCalledTimes(1);
      expect(mapResult).toHaveBeenCalledTimes(1);
      expect(mapResult.mock.calls[0]![0]).toMatchObject({ results: [{ a: 7 }] });
      expect(rows).toEqual([{ a: 7 }]);
      expect(Array.isArray(own)).toBe(true);
    });

    it("D1 batch runs an item without params through getQuery().sql", async () => {
      const statement = preparedSelect(
        () => ({ one: sql<number>`1`.as("one") }),
        (select) => select.from(sql`(SELECT 1)`),
      );
      const [rows] = await db.batch([statement.bind(db, {})]);
      expect(rows).toEqual([{ one: 1 }]);
    });

    it(".mapWith() keeps its decoder on `decoder`, also under an alias", () => {
      const mapped = sql<number>`'5'`.mapWith(Number);
      const decoder = (
        mapped as unknown as { decoder: { mapFromDriverValue(v: unknown): unknown } }
      ).decoder;
      expect(decoder.mapFromDriverValue("5")).toBe(5);
      const aliased = mapped.as("n");
      expect(is(aliased, SQL.Aliased)).toBe(true);
      expect((aliased.sql as unknown as { decoder: unknown }).decoder).toBe(decoder);
    });

    it("plain columns keep Column.prototype.mapFromDriverValue, the identity; decoding ones override it", () => {
      const identity = Column.prototype.mapFromDriverValue;
      expect(identity.call(users.email, "a@b.test")).toBe("a@b.test");
      expect(users.email.mapFromDriverValue).toBe(identity);
      expect(organizations.membersCount.mapFromDriverValue).toBe(identity);
      expect(users.emailVerified.mapFromDriverValue).not.toBe(identity);
      expect(users.emailVerified.mapFromDriverValue(1)).toBe(true);
      expect(apiTokens.scopes.mapFromDriverValue).not.toBe(identity);
    });

    it("a placeholder compared with a column stays bare: its value is bound as given", () => {
      const { params } = db
        .select()
        .from(users)
        .where(eq(users.emailVerified, sql.placeholder("v")))
        .toSQL();
      expect(params).toHaveLength(1);
      expect(is(params[0], Placeholder)).toBe(true);
      expect((params[0] as Placeholder<string>).name).toBe("v");
    });

    it("a Param around a placeholder stays one param, carrying the column as its encoder", () => {
      const { params } = db
        .select()
        .from(users)
        .where(
          sql`${users.emailVerified} = ${new Param(sql.placeholder("v"), users.emailVerified)}`,
        )
        .toSQL();
      expect(params).toHaveLength(1);
      const param = params[0] as Param<unknown, unknown>;
      expect(is(param, Param)).toBe(true);
      expect(is(param.value, Placeholder)).toBe(true);
      expect((param.value as Placeholder<string>).name).toBe("v");
      expect(param.encoder.mapToDriverValue(true)).toBe(1);
    });
  });

  describe("prepared selects", () => {
    it("read the rows drizzle's own builder reads, decoded alike (booleans, JSON)", async () => {
      const { user: owner } = await makeUser({
        emailVerified: true,
        scopes: ["read:content", "write:content"],
      });
      const fields = {
        id: users.id,
        verified: users.emailVerified,
        scopes: apiTokens.scopes,
        n: sql<number>`length(${users.email})`.mapWith(Number).as("n"),
      };
      const statement = preparedSelect(
        () => fields,
        (select, p: Params<"user">) =>
          select
            .from(users)
            .innerJoin(apiTokens, eq(apiTokens.userId, users.id))
            .where(eq(users.id, p("user"))),
      );
      const [prepared, built] = await db.batch([
        statement.bind(db, { user: owner.id }),
        db
          .select(fields)
          .from(users)
          .innerJoin(apiTokens, eq(apiTokens.userId, users.id))
          .where(eq(users.id, owner.id)),
      ]);
      expect(prepared).toEqual(built);
      expect(prepared).toEqual([
        {
          id: owner.id,
          verified: true,
          scopes: ["read:content", "write:content"],
          n: owner.email.length,
        },
      ]);
    });

    it("bind placeholders through their column's encoder (a boolean, a JSON array)", async () => {
      const domain = `${unique("d")}.test`;
      const { owner } = await makeOrg({ emailDomains: [domain] });
      const verified = owner.user;
      const statement = preparedSelect(
        () => ({ id: users.id, domains: organizations.emailDomains }),
        (select, p: Params<"verified" | "domains" | "email">) =>
          select
            .from(users)
            .innerJoin(orgMembers, eq(orgMembers.userId, users.id))
            .innerJoin(organizations, eq(organizations.id, orgMembers.organizationId))
            .where(
              and(
                eq(users.email, p("email")),
                eq(users.emailVerified, encodedParam(p, "verified", users.emailVerified)),
                eq(
                  organizations.emailDomains,
                  encodedParam(p, "domains", organizations.emailDomains),
                ),
              ),
            ),
      );
      const run = (values: { verified: boolean; domains: string[] }) =>
        db.batch([statement.bind(db, { ...values, email: verified.email })]).then(([r]) => r);
      expect(await run({ verified: true, domains: [domain] })).toEqual([
        { id: verified.id, domains: [domain] },
      ]);
      expect(await run({ verified: false, domains: [domain] })).toEqual([]);
      expect(await run({ verified: true, domains: ["other.test"] })).toEqual([]);
    });

    it("group a table and an object of values under their keys, as drizzle does", async () => {
      const { org, owner: ownerOf } = await makeOrg();
      const owner = ownerOf.user;
      const fields = {
        user: users,
        // Aliased: D1's row objects hold one value per column name (see the next test).
        org: {
          orgId: sql<string>`${organizations.id}`.as("org_id"),
          title: organizations.title,
          members: count(),
        },
      };
      const statement = preparedSelect(
        () => fields,
        (select, p: Params<"org">) =>
          select
            .from(organizations)
            .innerJoin(orgMembers, eq(orgMembers.organizationId, organizations.id))
            .innerJoin(users, eq(users.id, orgMembers.userId))
            .where(eq(organizations.id, p("org")))
            .groupBy(users.id)
            .orderBy(asc(users.id)),
      );
      const built = db
        .select(fields)
        .from(organizations)
        .innerJoin(orgMembers, eq(orgMembers.organizationId, organizations.id))
        .innerJoin(users, eq(users.id, orgMembers.userId))
        .where(eq(organizations.id, org.id))
        .groupBy(users.id)
        .orderBy(asc(users.id));
      const [prepared, own] = await db.batch([statement.bind(db, { org: org.id }), built]);
      expect(prepared).toEqual(own);
      expect(prepared[0]).toMatchObject({
        user: { id: owner.id },
        org: { orgId: org.id, members: 1 },
      });
    });

    it("refuse a selection nested deeper than one group", () => {
      const statement = preparedSelect(
        () => ({ deep: { inner: { id: users.id } } }) as never,
        (select) => select.from(users),
      );
      expect(() => statement.bind(db, {})).toThrow(/nested too deep/);
    });

    it("refuse rows whose column names collide (D1's row objects would merge them)", async () => {
      const { user: owner } = await makeUser();
      const statement = preparedSelect(
        () => ({ user: { id: users.id }, token: { id: apiTokens.id } }),
        (select, p: Params<"user">) =>
          select
            .from(users)
            .innerJoin(apiTokens, eq(apiTokens.userId, users.id))
            .where(eq(users.id, p("user"))),
      );
      await expect(db.batch([statement.bind(db, { user: owner.id })])).rejects.toThrow(
        /duplicate column names/,
      );
    });
  });

  describe("statement shapes", () => {
    it("build each shape's set once, keyed by value or by keyOf, and bind a set by name", async () => {
      const build = vi.fn((verified: boolean) => ({
        users: preparedSelect(
          () => ({ id: users.id }),
          (select, p: Params<"email">) =>
            select
              .from(users)
              .where(and(eq(users.email, p("email")), eq(users.emailVerified, verified))),
        ),
      }));
      const shapes = preparedShapes(build);
      expect(shapes(true)).toBe(shapes(true));
      expect(shapes(false)).not.toBe(shapes(true));
      expect(build).toHaveBeenCalledTimes(2);

      const byKey = vi.fn((shape: { verified: boolean }) => build(shape.verified));
      const objectShapes = preparedShapes(byKey, (shape) => String(shape.verified));
      expect(objectShapes({ verified: true })).toBe(objectShapes({ verified: true }));
      expect(byKey).toHaveBeenCalledTimes(1);

      const { user: owner } = await makeUser({ emailVerified: true });
      const bound = bindAll(db, shapes(true), { email: owner.email });
      const [rows] = await db.batch([bound.users]);
      expect(rows).toEqual([{ id: owner.id }]);
    });
  });
});

describe("prepared-packed", () => {
  beforeAll(emptyStorage);
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
});

describe("unplanned-limits", () => {
  beforeAll(emptyStorage);
  describe("unplannedLimits", () => {
    it("writes bound limits and offsets as expressions, in any case", () => {
      expect(unplannedLimits("SELECT a FROM t ORDER BY a LIMIT ? OFFSET ?")).toBe(
        "SELECT a FROM t ORDER BY a LIMIT (? + 0) OFFSET (? + 0)",
      );
      expect(
        unplannedLimits('select "x" from t where y in (select z from u limit ?) limit ?'),
      ).toBe('select "x" from t where y in (select z from u limit (? + 0)) limit (? + 0)');
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
});
