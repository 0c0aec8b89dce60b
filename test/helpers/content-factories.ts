import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import type { Change } from "../../src/content/change-schema";
import {
  changeRequests,
  contentGrants,
  fileVersions,
  pageVersions,
  spaces,
} from "../../src/db/schema";
import type { MemberRole } from "../../src/lib/roles";
import { sha256HexBytes } from "../../src/lib/crypto";
import { newId } from "../../src/lib/ids";
import { signedDownloadPath } from "../../src/lib/signing";
import {
  applyContentBatch,
  createChangeRequest,
  fileObjectKey,
} from "../../src/services/change-requests/writes";
import { mergeChangeRequest } from "../../src/services/change-requests/merge";
import { fixtureAfterMain } from "./after-main";
import { createSpace } from "../../src/services/spaces/create";
import { makeMember, makeOrg, testDb, unique, type TestUser } from "./factories";
import { seedPageRows, type SeedPage } from "./page-rows";

/** A new, empty space of the organization, created by `owner` through the lead's service. */
export async function makeContentSpace(organizationId: string, owner: TestUser, title?: string) {
  return createSpace(testDb(), {
    organizationId,
    createdBy: owner.user.id,
    title: title ?? unique("Docs "),
    // A valid fractional key (lib/position.ts): base-62 digits, never ending in zero.
    position: `a${unique("")}1`,
  });
}

/** The stored space row, fresh. */
export async function reloadSpace(id: string) {
  const [row] = await testDb().select().from(spaces).where(eq(spaces.id, id));
  return row!;
}

/** The stored change request row, fresh. */
export async function reloadChangeRequest(id: string) {
  const [row] = await testDb().select().from(changeRequests).where(eq(changeRequests.id, id));
  return row!;
}

/** Opens a change request on the space's head and applies `changes` to it (not merged). */
export async function proposeChanges(spaceId: string, userId: string, changes: Change[]) {
  const db = testDb();
  const space = await reloadSpace(spaceId);
  const cr = await createChangeRequest(db, space, { userId, subject: "edit" });
  const { changeRequest } = await applyContentBatch(db, env.FILES, space, cr, userId, changes);
  return changeRequest;
}

/** Applies `changes` through a change request and merges it: a new main revision. */
export async function commitChanges(spaceId: string, userId: string, changes: Change[]) {
  const cr = await proposeChanges(spaceId, userId, changes);
  const merged = await mergeChangeRequest(
    testDb(),
    await reloadSpace(spaceId),
    await reloadChangeRequest(cr.id),
    userId,
    { type: "none" },
    fixtureAfterMain(),
  );
  return { changeRequest: merged.changeRequest, space: merged.space, revision: merged.revision };
}

/** Grants a role on a space to a user. */
async function grantOnSpace(spaceId: string, userId: string, role: MemberRole) {
  await testDb().insert(contentGrants).values({
    resourceType: "space",
    resourceId: spaceId,
    principalType: "user",
    principalId: userId,
    role,
    createdAt: new Date().toISOString(),
  });
}

/**
 * Puts a file on the space's main line at its head (bytes in R2, row in D1): merges do not
 * carry change-request files to main yet, so main files are seeded directly.
 */
export async function seedMainFile(
  spaceId: string,
  file: { name: string; contentType: string; bytes: Uint8Array; width?: number; height?: number },
) {
  const space = await reloadSpace(spaceId);
  const hash = await sha256HexBytes(file.bytes);
  await env.FILES.put(fileObjectKey(hash), file.bytes, {
    httpMetadata: { contentType: file.contentType },
  });
  const row = {
    lineId: space.mainLineId,
    fileId: newId(),
    fromSeq: space.mainSeq,
    toSeq: null,
    name: file.name,
    contentType: file.contentType,
    size: file.bytes.byteLength,
    hash,
    width: file.width ?? null,
    height: file.height ?? null,
    createdAt: new Date().toISOString(),
  };
  await testDb().insert(fileVersions).values(row);
  return row;
}

/**
 * Seeds `count` pages straight into the space's main line at its head: every 10th page a root,
 * the others its children.
 */
export async function seedManyPages(spaceId: string, count: number) {
  const pages: SeedPage[] = [];
  let parent: string | null = null;
  for (let i = 0; i < count; i++) {
    const pageId = newId();
    const root = i % 10 === 0;
    pages.push({ pageId, parentId: root ? null : parent, title: `Page ${i}`, slug: `page-${i}` });
    if (root) parent = pageId;
  }
  return seedPageRows(await reloadSpace(spaceId), pages);
}

/** A signed download path for raw R2 bytes, as the content reads issue them. */
export function signedPath(
  key: string,
  contentType: string,
  options: { name?: string; ttlSeconds?: number; spaceId?: string } = {},
) {
  return signedDownloadPath(env.SIGNING_SECRET, key, {
    spaceId: options.spaceId ?? "no-such-space",
    contentType,
    filename: options.name,
    ttlSeconds: options.ttlSeconds,
  });
}

/** The live page rows of the space's main head, by title. */
export async function mainPagesByTitle(spaceId: string) {
  const space = await reloadSpace(spaceId);
  const rows = await testDb()
    .select()
    .from(pageVersions)
    .where(eq(pageVersions.lineId, space.mainLineId));
  const live = rows.filter((r) => r.toSeq === null && !r.deleted);
  return new Map(live.map((r) => [r.title, r]));
}

/**
 * What the authorization matrices read: a space of the world's organization (the guest is
 * granted read on it) with one merged page "Home" (slug `home`), one main file and an open
 * change request.
 */
export async function matrixContent(world: {
  org: { id: string };
  owner: TestUser;
  guest: TestUser;
}) {
  const space = await makeContentSpace(world.org.id, world.owner);
  await grantOnSpace(space.id, world.guest.user.id, "read");
  await commitChanges(space.id, world.owner.user.id, [
    { operation: "insert_page", title: "Home", document: { markdown: "Hi.\n" } },
  ]);
  const file = await seedMainFile(space.id, {
    name: "a.txt",
    contentType: "text/plain",
    bytes: new TextEncoder().encode("a"),
  });
  const changeRequest = await proposeChanges(space.id, world.owner.user.id, [
    { operation: "insert_page", title: "Draft", document: {} },
  ]);
  const page = (await mainPagesByTitle(space.id)).get("Home")!;
  return {
    space: await reloadSpace(space.id),
    pageId: page.pageId,
    fileId: file.fileId,
    changeRequest,
  };
}

/** A space whose main content has a small tree, one file, and a reader to read it. */
export async function mainDocs() {
  const { org, owner } = await makeOrg();
  const reader = await makeMember(org.id, "read");
  const space = await makeContentSpace(org.id, owner);
  const merged = await commitChanges(space.id, owner.user.id, [
    {
      operation: "insert_page",
      ref: "intro",
      title: "Introduction",
      document: { markdown: "Hello **world**.\n" },
    },
    {
      operation: "insert_page",
      into: "intro",
      title: "Install",
      emoji: "🚀",
      description: "How to",
      document: { markdown: "Run `npm i`.\n" },
    },
    { operation: "insert_page", title: "Guide", document: { markdown: "# Guide\n\nSteps.\n" } },
  ]);
  const png = new Uint8Array([137, 80, 78, 71, 1, 2, 3]);
  const file = await seedMainFile(space.id, {
    name: "logo.png",
    contentType: "image/png",
    bytes: png,
    width: 16,
    height: 8,
  });
  return { org, owner, reader, space: await reloadSpace(space.id), merged, file, png };
}
