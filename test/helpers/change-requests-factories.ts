import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { changeRequests, spaces } from "../../src/db/schema";
import { changeRequestPointer, mainPointer } from "../../src/content/pointers";
import { documentsQuery, treeQuery } from "../../src/content/read";
import { buildTree } from "../../src/content/tree";
import { markdownOf } from "../../src/content/documents";
import type { Change } from "../../src/content/change-schema";
import { as } from "./api";
import { makeOrg, testDb, type TestUser } from "./factories";
import { seedPageRows } from "./page-rows";
import { makeSpace } from "./spaces-factories";

/** An organization, its admin owner and one space. */
export async function makeCrWorld() {
  const { org, owner } = await makeOrg();
  const space = await makeSpace(org.id, owner);
  return { org, owner, space };
}

/** Creates a change request through the API (201 expected) and returns its body. */
export async function createCr(user: TestUser, spaceId: string, subject = "A change") {
  const res = await as(user.token).post(`/spaces/${spaceId}/change-requests`, { subject });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** Applies a content batch through the API and returns the response. */
export function postContent(
  user: TestUser,
  spaceId: string,
  crId: string,
  changes: unknown[],
  compat?: boolean,
) {
  return as(user.token).post(
    `/spaces/${spaceId}/change-requests/${crId}/content`,
    { changes },
    {
      query: compat === undefined ? {} : { compat },
    },
  );
}

/** Merges a change request through the API and returns the response. */
export function postMerge(user: TestUser, spaceId: string, crId: string) {
  return as(user.token).post(`/spaces/${spaceId}/change-requests/${crId}/merge`);
}

/** Puts content on main through a change request (content batch, then merge); returns the tree. */
export async function seedThroughCr(user: TestUser, spaceId: string, changes: Change[]) {
  const cr = await createCr(user, spaceId, "seed");
  const content = await postContent(user, spaceId, cr.id, changes);
  expect(content.status, content.text).toBe(200);
  const merged = await postMerge(user, spaceId, cr.id);
  expect(merged.status, merged.text).toBe(200);
  return mainTree(spaceId);
}

/** The stored space row. */
export async function spaceRow(id: string) {
  const [row] = await testDb().select().from(spaces).where(eq(spaces.id, id));
  return row!;
}

/** The stored change request row. */
export async function crRow(id: string) {
  const [row] = await testDb().select().from(changeRequests).where(eq(changeRequests.id, id));
  return row!;
}

/** Main's page tree now, read from the database. */
export async function mainTree(spaceId: string) {
  const space = await spaceRow(spaceId);
  return buildTree(await treeQuery(testDb(), mainPointer(space)));
}

/** A change request's page tree now, read from the database. */
export async function crTree(spaceId: string, crId: string) {
  const space = await spaceRow(spaceId);
  const cr = await crRow(crId);
  return buildTree(await treeQuery(testDb(), changeRequestPointer(space, cr)));
}

/** The markdown of a stored document body. */
export async function markdownOfHash(hash: string | null) {
  const [doc] = await documentsQuery(testDb(), hash ? [hash] : []);
  return doc ? markdownOf(doc.body) : null;
}

/**
 * Seeds `count` root pages straight onto a space's main line at its current sequence (4 rows
 * per statement, under D1's 100 bound parameters), for size-independence tests.
 */
export async function seedManyPages(space: { mainLineId: string; mainSeq: number }, count: number) {
  const pages = Array.from({ length: count }, (_, i) => ({
    title: `Page ${i}`,
    slug: `page-${i}`,
  }));
  return (await seedPageRows(space, pages)).map((r) => r.pageId!);
}

/** A small PNG-like payload as base64, of `size` bytes. */
export function base64Bytes(size: number, fill = 7): string {
  const bytes = new Uint8Array(size).fill(fill);
  let bin = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    bin += String.fromCharCode(...bytes.subarray(i, i + 8192));
  }
  return btoa(bin);
}
