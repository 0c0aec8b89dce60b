import type { SpaceRow } from "../../db/schema";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  changeRequestContributors,
  changeRequests,
  revisions,
  spaces,
} from "../../db/schema/index";

import { applyChanges, type Applied, type ApplyOptions } from "../../content/apply";
import { guardedSeq } from "../../content/commit";
import { changeRequestPointer, revisionPointer } from "../../content/pointers";
import { pagesByIdQuery } from "../../content/read";
import { stateOf } from "../../content/state";
import { Workspace } from "../../content/workspace";
import type { Change } from "../../content/change-schema";
import type { RevertSource } from "../../content/apply-steps";
import { conflict, UnknownReference } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import { newRevision, type RevisionInput } from "../content/commit-to-main";
import type { ChangeRequestRow } from "../../db/schema";
import { liveRoomsQuery, roomsOf, refreshRooms, type LiveRoomsBinding } from "../collab/live-rooms";

/** R2 key of a file's bytes: content-addressed, shared by every revision and space. */
export function fileObjectKey(hash: string): string {
  return `files/${hash}`;
}

/**
 * Opens a change request on the space's current main revision: a new line forked at main's
 * sequence, numbered from the space's counter, in one batch that also moves the space counters.
 * `base` forks it at an older main revision instead (Git Sync's import: where both sides last
 * agreed, so updating it from main is a three-way merge of the two sides' changes).
 */
export async function createChangeRequest(
  db: Database,
  space: SpaceRow,
  input: {
    userId: string;
    subject: string;
    status?: "draft" | "open";
    base?: { seq: number; revisionId: string };
  },
): Promise<ChangeRequestRow> {
  const id = newId();
  const head = {
    baseSeq: sql`(SELECT ${spaces.mainSeq} FROM ${spaces} WHERE ${spaces.id} = ${space.id})`,
    revisionId: sql`(SELECT ${spaces.revisionId} FROM ${spaces} WHERE ${spaces.id} = ${space.id})`,
  };
  const fork = input.base ? { baseSeq: input.base.seq, revisionId: input.base.revisionId } : head;
  const now = nowIso();
  const status = input.status ?? "draft";
  const [, inserted] = await db.batch([
    db
      .update(spaces)
      .set({
        nextChangeRequestNumber: sql`${spaces.nextChangeRequestNumber} + 1`,
        changeRequestsCount: sql`${spaces.changeRequestsCount} + 1`,
        ...(status === "draft"
          ? { changeRequestsDraft: sql`${spaces.changeRequestsDraft} + 1` }
          : { changeRequestsOpen: sql`${spaces.changeRequestsOpen} + 1` }),
      })
      .where(eq(spaces.id, space.id)),
    db
      .insert(changeRequests)
      .values({
        id,
        spaceId: space.id,
        number: sql`(SELECT ${spaces.nextChangeRequestNumber} - 1 FROM ${spaces} WHERE ${spaces.id} = ${space.id})`,
        status,
        subject: input.subject,
        createdBy: input.userId,
        createdAt: now,
        updatedAt: now,
        lineId: newId(),
        seq: 0,
        baseSeq: fork.baseSeq,
        revisionId: fork.revisionId,
        revisionInitial: fork.revisionId,
      })
      .returning(),
    db
      .insert(changeRequestContributors)
      .values({ changeRequestId: id, userId: input.userId })
      .onConflictDoNothing(),
  ]);
  return inserted[0]!;
}

/**
 * What a service applying a batch of its own may add: `ApplyOptions`, and where `revert_page`
 * reads a revision's pages when the service has read them already (a revert of a whole space).
 */
export interface ContentBatchOptions extends ApplyOptions {
  revert?: RevertSource;
}

/**
 * How many times a batch is tried. Each lost race is another batch landing after this one read,
 * so with five writers at once (a person's save loop and uploads) each lands by its fifth try.
 */
const ATTEMPTS = 5;

/**
 * Applies a batch of content changes to a change request as one new revision: reads what the
 * batch touches (two batched reads at most), applies it in memory, uploads new file bytes to R2,
 * then writes everything in one atomic D1 batch guarded by the change request's sequence, so a
 * concurrent batch cannot interleave. If another write landed in between (an upload while the
 * save loop saves), nothing of this one was written: it is applied again on the change request
 * as it now is (every check, `baseDocumentId` included, sees the new state), up to five times,
 * as `commitToMain` does on main; then the 409.
 */
export async function applyContentBatch(
  db: Database,
  bucket: R2Bucket,
  space: SpaceRow,
  cr: ChangeRequestRow,
  userId: string,
  changes: Change[],
  options: ContentBatchOptions = {},
  live?: LiveRoomsBinding,
): Promise<{ changeRequest: ChangeRequestRow; applied: Applied }> {
  let current = cr;
  for (let attempt = 1; ; attempt++) {
    const done = await applyOnce(db, bucket, space, current, userId, changes, options, live);
    if ("changeRequest" in done) return done;
    if (attempt >= ATTEMPTS) {
      throw conflict("The change request was changed by another request at the same time; retry");
    }
    current = done.raced;
  }
}

/** One attempt of `applyContentBatch`: its result, or the change request as a lost race left it. */
async function applyOnce(
  db: Database,
  bucket: R2Bucket,
  space: SpaceRow,
  cr: ChangeRequestRow,
  userId: string,
  changes: Change[],
  options: ContentBatchOptions,
  live: LiveRoomsBinding | undefined,
): Promise<{ changeRequest: ChangeRequestRow; applied: Applied } | { raced: ChangeRequestRow }> {
  if (space.editMode === "locked")
    throw conflict("This space is locked (editMode: locked): its content cannot be changed");
  if (cr.status === "merged" || cr.status === "archived") {
    throw conflict(`This change request is ${cr.status}: its content cannot be changed`);
  }
  const pointer = changeRequestPointer(space, cr);
  const ws = new Workspace(db, pointer);
  const { revert, ...applyOptions } = options;
  const applied = await applyChanges(
    ws,
    changes,
    revert ??
      (async (pageId, revisionId) => {
        const target = revisionId
          ? await db
              .select()
              .from(revisions)
              .where(and(eq(revisions.id, revisionId), eq(revisions.spaceId, space.id)))
              .limit(1)
          : null;
        if (revisionId && !target?.[0])
          throw new UnknownReference("changes", `no revision ${revisionId} in this space`);
        const at = target?.[0]
          ? revisionPointer(space, target[0])
          : {
              ...pointer,
              lineId: space.mainLineId,
              seq: cr.baseSeq,
              revisionId: cr.revisionMergedAncestor ?? cr.revisionInitial,
            };
        const rows = await pagesByIdQuery(db, at, [pageId]);
        const row = rows.find((r) => !r.deleted);
        return row ? stateOf(row) : null;
      }),
    applyOptions,
  );
  for (const upload of applied.uploads) {
    await bucket.put(fileObjectKey(upload.hash), upload.bytes, {
      httpMetadata: { contentType: upload.contentType },
    });
  }
  const { seq, revisionId, now, statements } = changeRequestRevision(db, space, cr, userId, {
    pages: applied.pages,
    files: applied.files,
    documents: applied.documents,
    baseSeq: cr.baseSeq,
    parents: [cr.revisionId],
    type: "edits",
  });
  const guard = db
    .update(changeRequests)
    .set({ seq: guardedSeq("seq", cr.seq, seq), revisionId, updatedAt: now })
    .where(eq(changeRequests.id, cr.id))
    .returning();
  const contributor = db
    .insert(changeRequestContributors)
    .values({ changeRequestId: cr.id, userId })
    .onConflictDoNothing();
  // The live rooms of the written pages, read in the same batch (src/services/collab).
  const touched = applied.pages.map((p) => p.pageId);
  const rooms = liveRoomsQuery(db, cr.id);
  let guarded: ChangeRequestRow[];
  let open: { pageId: string }[];
  try {
    [guarded, , open] = await db.batch([guard, contributor, rooms, ...statements]);
  } catch (err) {
    const [fresh] = await db.select().from(changeRequests).where(eq(changeRequests.id, cr.id));
    if (fresh && fresh.seq !== cr.seq) return { raced: fresh };
    throw err;
  }
  await refreshRooms(live, cr.id, roomsOf(open, touched));
  return { changeRequest: guarded[0]!, applied };
}

/**
 * The next revision on a change request's line (an overlay, sequence `cr.seq + 1`) by `userId`:
 * its sequence, id and time, and the statements writing it (`newRevision`).
 */
export function changeRequestRevision(
  db: Database,
  space: SpaceRow,
  cr: ChangeRequestRow,
  userId: string,
  change: Pick<RevisionInput, "pages" | "files" | "documents" | "baseSeq" | "parents" | "type">,
) {
  const seq = cr.seq + 1;
  const documents = change.documents.map((d) => ({ hash: d.hash, body: d.body }));
  const input = { ...change, documents, spaceId: space.id, lineId: cr.lineId, seq };
  return { seq, ...newRevision(db, { ...input, overlay: true, createdBy: userId }) };
}
