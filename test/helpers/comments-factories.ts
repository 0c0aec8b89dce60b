import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import {
  changeRequests,
  commentReactions,
  commentReplies,
  comments,
  spaces,
} from "../../src/db/schema";
import type { Change } from "../../src/content/change-schema";
import { changeRequestPointer, mainPointer } from "../../src/content/pointers";
import { documentsQuery, treeQuery } from "../../src/content/read";
import { applyContentBatch, createChangeRequest } from "../../src/services/change-requests/writes";
import { mergeChangeRequest } from "../../src/services/change-requests/merge";
import { fixtureAfterMain } from "./after-main";
import { as } from "./api";
import { makeOrg, testDb, type TestUser } from "./factories";
import { makeSpace } from "./spaces-factories";

/** The markdown of the page every comment world holds: a heading, a paragraph and a table. */
const GUIDE_MARKDOWN = "## Setup\n\nInstall it.\n\n| Name | Value |\n| --- | --- |\n| a | 1 |\n";

/** The stored space row. */
export async function spaceRow(id: string) {
  const [row] = await testDb().select().from(spaces).where(eq(spaces.id, id));
  return row!;
}

/** The stored change request row. */
async function crRow(id: string) {
  const [row] = await testDb().select().from(changeRequests).where(eq(changeRequests.id, id));
  return row!;
}

/** Puts pages on a space's main content through a merged change request (the lead's services). */
async function seedMain(spaceId: string, userId: string, changes: Change[]) {
  const db = testDb();
  const cr = await createChangeRequest(db, await spaceRow(spaceId), { userId, subject: "seed" });
  const applied = await applyContentBatch(
    db,
    env.FILES,
    await spaceRow(spaceId),
    cr,
    userId,
    changes,
  );
  await mergeChangeRequest(
    db,
    await spaceRow(spaceId),
    applied.changeRequest,
    userId,
    { type: "none" },
    fixtureAfterMain(),
  );
  const rows = await treeQuery(db, mainPointer(await spaceRow(spaceId)));
  return new Map(rows.filter((r) => !r.deleted).map((r) => [r.title, r.pageId]));
}

/** A change request (open) whose own revision adds a page main does not have. */
export async function makeCrWithPage(spaceId: string, userId: string, title = "Draft page") {
  const db = testDb();
  const cr = await createChangeRequest(db, await spaceRow(spaceId), {
    userId,
    subject: "Proposal",
    status: "open",
  });
  const { changeRequest } = await applyContentBatch(
    db,
    env.FILES,
    await spaceRow(spaceId),
    cr,
    userId,
    [{ operation: "insert_page", title, document: { markdown: "Proposed text.\n" } }],
  );
  const rows = await treeQuery(db, changeRequestPointer(await spaceRow(spaceId), changeRequest));
  const page = rows.find((r) => r.title === title && !r.deleted)!;
  return { cr: changeRequest, pageId: page.pageId };
}

/** The JSON document of a page on main. */
async function mainDocument(spaceId: string, pageId: string) {
  const db = testDb();
  const rows = await treeQuery(db, mainPointer(await spaceRow(spaceId)));
  const hash = rows.find((r) => r.pageId === pageId)!.documentHash!;
  const [doc] = await documentsQuery(db, [hash]);
  return JSON.parse(doc!.body) as { nodes: { key: string; type: string; data?: any }[] };
}

/** An organization, its admin owner, a space with a "Guide" page, and the page's block keys. */
export async function makeCommentWorld(owner?: TestUser, orgId?: string) {
  const made = owner && orgId ? { org: { id: orgId }, owner } : await makeOrg();
  const space = await makeSpace(made.org.id, made.owner);
  const pages = await seedMain(space.id, made.owner.user.id, [
    { operation: "insert_page", title: "Guide", document: { markdown: GUIDE_MARKDOWN } },
    { operation: "insert_page", title: "Other", document: { markdown: "Other page.\n" } },
  ]);
  const guide = pages.get("Guide")!;
  const doc = await mainDocument(space.id, guide);
  const table = doc.nodes.find((n) => n.type === "table")!;
  return {
    org: made.org,
    owner: made.owner,
    space: await spaceRow(space.id),
    guide,
    other: pages.get("Other")!,
    heading: doc.nodes[0]!.key,
    table: {
      key: table.key,
      record: Object.keys(table.data.records)[0]!,
      definition: Object.keys(table.data.definition)[0]!,
    },
  };
}

/** Posts a space comment over HTTP (200 expected) and returns it. */
export async function postSpaceComment(
  user: TestUser,
  spaceId: string,
  body: Record<string, unknown> = {},
) {
  const res = await as(user.token).post(`/spaces/${spaceId}/comments`, {
    body: { markdown: "A comment" },
    ...body,
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** Posts a reply over HTTP (200 expected) and returns it. */
export async function postReply(user: TestUser, commentPath: string, markdown = "A reply") {
  const res = await as(user.token).post(`${commentPath}/replies`, { body: { markdown } });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** The open-comments counters as stored. */
export async function openCounts(spaceId: string, crId?: string) {
  const space = await spaceRow(spaceId);
  return { space: space.commentsOpen, cr: crId ? (await crRow(crId)).commentsOpen : undefined };
}

/** How many rows of a comment's thread remain (the comment, its replies, their reactions). */
export async function threadRows(commentId: string) {
  const db = testDb();
  const [c, r, x] = await db.batch([
    db.select().from(comments).where(eq(comments.id, commentId)),
    db.select().from(commentReplies).where(eq(commentReplies.commentId, commentId)),
    db
      .select()
      .from(commentReactions)
      .where(and(eq(commentReactions.commentId, commentId))),
  ]);
  return { comments: c.length, replies: r.length, reactions: x.length };
}
