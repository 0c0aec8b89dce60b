import type { Database } from "../../db/client";
import { revisions, spaces } from "../../db/schema/index";
import type { SpaceVisibility } from "../../db/schema/index";
import type { DefaultLevel } from "../../lib/roles";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";

/** What a new space is made from. */
export interface NewSpace {
  organizationId: string;
  createdBy: string;
  title: string;
  emoji?: string;
  parentId?: string | null;
  language?: string | null;
  editMode?: "live" | "locked";
  visibility?: SpaceVisibility;
  defaultLevel?: DefaultLevel;
  position: string;
}

/**
 * The statements that create a space with an empty main line and its first revision, so callers
 * can put them in the same batch as other writes (duplicate, templates, tests).
 */
export function createSpaceStatements(db: Database, input: NewSpace) {
  const id = newId();
  const mainLineId = newId();
  const revisionId = newId();
  const now = nowIso();
  const row: typeof spaces.$inferInsert = {
    id,
    organizationId: input.organizationId,
    parentId: input.parentId ?? null,
    title: input.title,
    emoji: input.emoji ?? "",
    visibility: input.visibility ?? (input.parentId ? "in-collection" : "private"),
    editMode: input.editMode ?? "live",
    defaultLevel: input.defaultLevel ?? "inherit",
    language: input.language ?? null,
    position: input.position,
    mainLineId,
    revisionId,
    mainSeq: 1,
    createdBy: input.createdBy,
    createdAt: now,
    updatedAt: now,
  };
  return {
    id,
    mainLineId,
    revisionId,
    statements: [
      db.insert(spaces).values(row).returning(),
      db.insert(revisions).values({
        id: revisionId,
        spaceId: id,
        lineId: mainLineId,
        seq: 1,
        baseSeq: null,
        parents: [],
        type: "edits",
        createdBy: input.createdBy,
        createdAt: now,
      }),
    ] as const,
  };
}

/** Creates a space (one batch) and returns its row. */
export async function createSpace(db: Database, input: NewSpace) {
  const { statements } = createSpaceStatements(db, input);
  const [inserted] = await db.batch([statements[0], statements[1]]);
  return inserted[0]!;
}
