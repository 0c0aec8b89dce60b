import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { changeRequests, spaces } from "../../src/db/schema";
import { createChangeRequest, applyContentBatch } from "../../src/services/change-requests/writes";
import { mergeChangeRequest } from "../../src/services/change-requests/merge";
import { fixtureAfterMain } from "../helpers/after-main";
import { createSpace } from "../../src/services/spaces/create";
import { purgeDeletedSpaces, RETENTION_MS } from "../../src/services/retention/retention";
import { runScheduled } from "../../src/scheduled";
import { makeOrg, testDb } from "../helpers/factories";

const DAY = 24 * 60 * 60 * 1000;

async function spaceWithContent() {
  const db = testDb();
  const { org, owner } = await makeOrg();
  const userId = owner.user.id;
  let space = await createSpace(db, {
    organizationId: org.id,
    createdBy: userId,
    title: "Doomed",
    position: "a0",
  });
  const cr = await createChangeRequest(db, space, { userId, subject: "content" });
  await applyContentBatch(db, env.FILES, space, cr, userId, [
    {
      operation: "insert_files",
      files: [
        {
          name: "a.bin",
          contentType: "application/octet-stream",
          base64: btoa(`purge-test-bytes-${Math.random()}`),
        },
      ],
    },
    {
      operation: "insert_page",
      title: "Page one",
      document: { markdown: `Unique body ${Math.random()}, [a link](https://example.com)\n` },
    },
    {
      operation: "insert_page",
      title: "Page two",
      document: { markdown: `Another body ${Math.random()} [to nowhere](/pages/nope)\n` },
    },
  ]);
  const [fresh] = await db.select().from(spaces).where(eq(spaces.id, space.id));
  const [freshCr] = await db.select().from(changeRequests).where(eq(changeRequests.id, cr.id));
  await mergeChangeRequest(db, fresh!, freshCr!, userId, { type: "none" }, fixtureAfterMain());
  [space] = (await db.select().from(spaces).where(eq(spaces.id, space.id))) as [typeof space];
  await createChangeRequest(db, space, { userId, subject: "open one" });
  return { db, space, userId };
}

async function rowsOf(spaceId: string) {
  const db = testDb();
  const count = async (query: string) =>
    Number(((await db.all(sql.raw(query))) as { n: number }[])[0]?.n ?? 0);
  return {
    spaces: await count(`SELECT COUNT(*) n FROM spaces WHERE id = '${spaceId}'`),
    revisions: await count(`SELECT COUNT(*) n FROM revisions WHERE space_id = '${spaceId}'`),
    changeRequests: await count(
      `SELECT COUNT(*) n FROM change_requests WHERE space_id = '${spaceId}'`,
    ),
    pages: await count(
      `SELECT COUNT(*) n FROM page_versions WHERE line_id IN (SELECT line_id FROM revisions WHERE space_id = '${spaceId}')`,
    ),
  };
}

/** The document bodies the space's pages use, to check their rows after the space is gone. */
async function bodiesOf(spaceId: string) {
  const rows = (await testDb().all(
    sql.raw(
      `SELECT DISTINCT document_hash h FROM page_versions WHERE document_hash IS NOT NULL AND line_id IN (SELECT line_id FROM revisions WHERE space_id = '${spaceId}')`,
    ),
  )) as { h: string }[];
  return rows.map((r) => r.h);
}

/** Rows left of those bodies: `documents` and their `document_links`. */
async function bodyRows(hashes: string[]) {
  const list = hashes.map((h) => `'${h}'`).join(", ");
  const count = async (table: string, column: string) =>
    Number(
      (
        (await testDb().all(
          sql.raw(`SELECT COUNT(*) n FROM ${table} WHERE ${column} IN (${list})`),
        )) as { n: number }[]
      )[0]?.n ?? 0,
    );
  return {
    documents: await count("documents", "hash"),
    links: await count("document_links", "document_hash"),
  };
}

async function markDeleted(spaceId: string, daysAgo: number) {
  await testDb()
    .update(spaces)
    .set({ deletedAt: new Date(Date.now() - daysAgo * DAY).toISOString() })
    .where(eq(spaces.id, spaceId));
}

describe("the retention purge", () => {
  it("keeps a space deleted 6 days ago untouched", async () => {
    const { space } = await spaceWithContent();
    await markDeleted(space.id, 6);
    const before = await rowsOf(space.id);
    const bodies = await bodyRows(await bodiesOf(space.id));
    await purgeDeletedSpaces(testDb(), env.FILES, Date.now());
    expect(await rowsOf(space.id)).toEqual(before);
    expect(await bodyRows(await bodiesOf(space.id))).toEqual(bodies);
  });

  it("removes every row and the R2 object of a space deleted 8 days ago, through the cron entry", async () => {
    const { space } = await spaceWithContent();
    const before = await rowsOf(space.id);
    expect(before.pages).toBeGreaterThan(0);
    const hashes = (await testDb().all(
      sql.raw(
        `SELECT DISTINCT hash FROM file_versions WHERE line_id IN (SELECT line_id FROM revisions WHERE space_id = '${space.id}')`,
      ),
    )) as { hash: string }[];
    expect(hashes.length).toBe(1);
    expect(await env.FILES.head(`files/${hashes[0]!.hash}`)).not.toBeNull();
    const bodies = await bodiesOf(space.id);
    expect(await bodyRows(bodies)).toEqual({ documents: 2, links: 2 });
    // A rendered PDF of the space (keyed under its id) goes too.
    await env.FILES.put(`pdfs/${space.id}/line/1/abc.pdf`, "%PDF-1.7");
    await markDeleted(space.id, 8);
    const report = await runScheduled(env, Date.now());
    expect(report.retention).toMatchObject({ spaces: expect.any(Number) });
    expect((await env.FILES.list({ prefix: `pdfs/${space.id}/` })).objects).toEqual([]);
    expect(await rowsOf(space.id)).toEqual({
      spaces: 0,
      revisions: 0,
      changeRequests: 0,
      pages: 0,
    });
    expect(await env.FILES.head(`files/${hashes[0]!.hash}`)).toBeNull();
    expect(await bodyRows(bodies)).toEqual({ documents: 0, links: 0 });
  });

  it("resumes a purge cut off halfway, and is idempotent", async () => {
    const { space } = await spaceWithContent();
    const bodies = await bodiesOf(space.id);
    await markDeleted(space.id, 9);
    const partial = await purgeDeletedSpaces(testDb(), env.FILES, Date.now(), 4);
    expect(partial.pending).toBeGreaterThanOrEqual(1);
    expect((await rowsOf(space.id)).spaces).toBe(1);
    await purgeDeletedSpaces(testDb(), env.FILES, Date.now());
    expect(await rowsOf(space.id)).toEqual({
      spaces: 0,
      revisions: 0,
      changeRequests: 0,
      pages: 0,
    });
    expect(await bodyRows(bodies)).toEqual({ documents: 0, links: 0 });
    const again = await purgeDeletedSpaces(testDb(), env.FILES, Date.now());
    expect(again.rows).toBe(0);
  });

  it("removes the link rows of a body with more links than one statement deletes", async () => {
    const db = testDb();
    const { org, owner } = await makeOrg();
    const space = await createSpace(db, {
      organizationId: org.id,
      createdBy: owner.user.id,
      title: "Linked",
      position: "a0",
    });
    const cr = await createChangeRequest(db, space, { userId: owner.user.id, subject: "links" });
    const salt = Math.random().toString(36).slice(2);
    const markdown = Array.from({ length: 1100 }, (_, i) => `[${i}](/pages/${salt}${i})`).join(" ");
    await applyContentBatch(db, env.FILES, space, cr, owner.user.id, [
      { operation: "insert_page", title: "Many links", document: { markdown } },
    ]);
    const bodies = await bodiesOf(space.id);
    expect(await bodyRows(bodies)).toEqual({ documents: 1, links: 1100 });
    await markDeleted(space.id, 10);
    await purgeDeletedSpaces(testDb(), env.FILES, Date.now());
    expect(await bodyRows(bodies)).toEqual({ documents: 0, links: 0 });
    expect((await rowsOf(space.id)).spaces).toBe(0);
  });

  it("uses a seven-day window", () => {
    expect(RETENTION_MS).toBe(7 * DAY);
  });
});
