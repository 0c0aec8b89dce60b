import { and, asc, eq, isNull } from "drizzle-orm";
import type { DefaultLevel, MemberRole } from "../../src/lib/roles";
import { contentGrants, fileVersions, pageVersions, spaces } from "../../src/db/schema";
import { keyBetween } from "../../src/lib/position";
import { createSpace } from "../../src/services/spaces/create";
import { lastSpaceQuery } from "../../src/services/spaces/spaces";
import { newId } from "../../src/lib/ids";
import { testDb, unique, type TestUser } from "./factories";

/** A space at the end of its parent (or of the top level), through the lead's `createSpace`. */
export async function makeSpace(
  organizationId: string,
  owner: TestUser,
  options: {
    parent?: string | null;
    title?: string;
    emoji?: string;
    defaultLevel?: DefaultLevel;
    language?: string;
  } = {},
) {
  const db = testDb();
  const parentId = options.parent ?? null;
  const [last] = await lastSpaceQuery(db, organizationId, parentId);
  return createSpace(db, {
    organizationId,
    createdBy: owner.user.id,
    title: options.title ?? unique("Space "),
    emoji: options.emoji,
    parentId,
    language: options.language,
    defaultLevel: options.defaultLevel,
    position: keyBetween(last?.position ?? null, null),
  });
}

/** The stored space row. */
export async function readSpace(id: string) {
  const [row] = await testDb().select().from(spaces).where(eq(spaces.id, id));
  return row;
}

/** Sets a space's `deleted_at` directly (e.g. 8 days ago, past the retention period). */
export async function setDeletedAt(id: string, deletedAt: string | null) {
  await testDb().update(spaces).set({ deletedAt }).where(eq(spaces.id, id));
}

/** An ISO timestamp `days` days before now. */
export function daysAgo(days: number): string {
  return new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
}

/** Grants a role on a space to a user or a team. */
export async function grantSpace(
  spaceId: string,
  principal: { user: string } | { team: string },
  role: MemberRole,
) {
  const isUser = "user" in principal;
  await testDb()
    .insert(contentGrants)
    .values({
      resourceType: "space",
      resourceId: spaceId,
      principalType: isUser ? "user" : "team",
      principalId: isUser ? principal.user : principal.team,
      role,
      createdAt: new Date().toISOString(),
    });
}

/** The grants stored on a space. */
export async function grantsOnSpace(spaceId: string) {
  return testDb()
    .select()
    .from(contentGrants)
    .where(and(eq(contentGrants.resourceType, "space"), eq(contentGrants.resourceId, spaceId)));
}

/**
 * Gives a space main content directly (rows on its main line at sequence 1), for tests that
 * need content before the change-request routes exist. Also writes one closed (historical) row.
 */
export async function seedMainContent(space: { mainLineId: string }, titles: string[]) {
  const db = testDb();
  const now = new Date().toISOString();
  let last: string | null = null;
  const keys = titles.map(() => (last = keyBetween(last, null)));
  const pages = titles.map((title, i) => ({
    lineId: space.mainLineId,
    pageId: newId(),
    fromSeq: 1,
    toSeq: null,
    kind: "document" as const,
    parentId: null,
    position: keys[i]!,
    title,
    slug: title.toLowerCase().replace(/\W+/g, "-"),
    documentHash: `hash-${title}`,
    createdAt: now,
    updatedAt: now,
  }));
  for (const page of pages) await db.insert(pageVersions).values(page);
  await db.insert(pageVersions).values({
    ...pages[0]!,
    pageId: newId(),
    title: "Removed long ago",
    toSeq: 1,
  });
  const fileId = newId();
  await db.insert(fileVersions).values({
    lineId: space.mainLineId,
    fileId,
    fromSeq: 1,
    toSeq: null,
    name: "logo.png",
    contentType: "image/png",
    size: 42,
    hash: "file-hash",
    createdAt: now,
  });
  return { pageIds: pages.map((p) => p.pageId), fileId };
}

/** The open (current) page rows of a line, by position. */
export async function openPages(lineId: string) {
  return testDb()
    .select()
    .from(pageVersions)
    .where(and(eq(pageVersions.lineId, lineId), isNull(pageVersions.toSeq)))
    .orderBy(asc(pageVersions.position));
}

/** The open (current) file rows of a line. */
export async function openFiles(lineId: string) {
  return testDb()
    .select()
    .from(fileVersions)
    .where(and(eq(fileVersions.lineId, lineId), isNull(fileVersions.toSeq)));
}
