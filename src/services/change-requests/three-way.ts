import type { ChangeRequestRow, FileRow, PageRow, SpaceRow } from "../../db/schema";
import type { Database } from "../../db/client";

import { storeable, type StoredDocument } from "../../content/documents";
import { assignKeys, type JsonDocument } from "../../../core/document/index";
import { conflictsOf } from "../../../core/merge/blocks";
import { mergeDocuments, resolveDocument } from "../../../core/merge/document";
import { mergePage, type PageMerge, type PageSide } from "../../content/merge";
import { mainPointer } from "../../content/pointers";
import type { ContentPointer } from "../../content/pointer";
import {
  documentsQuery,
  fileLineHeadQuery,
  lineHeadIdsSql,
  lineHeadQuery,
  mainChangesSinceQuery,
  pagesByIdQuery,
} from "../../content/read";
import { stateOf, type PageState } from "../../content/state";
import type { Conflict, Resolution } from "../../api/change-request-conflicts";
import { conflict } from "../../lib/errors";
import { Resolutions } from "./resolutions";
import { treeProblems } from "./tree-checks";
import { blockConflict, conflictMessage } from "./conflict-list";

/** The merged states of a change request against main's head, ready to commit. */
export interface ThreeWay {
  /** Every page the change request changed, as it must be on main after the merge. */
  merged: PageState[];
  /** Pages changed on both sides: what update-from-main rewrites on the change request. */
  both: PageState[];
  documents: StoredDocument[];
  /** The change request's open file versions, read in the same round trip as its pages. */
  files: FileRow[];
}

type BodyMerge = Extract<PageMerge, { kind: "merge-document" }> & { prefer?: PageSide };

const byId = (rows: PageRow[]) => new Map(rows.map((r) => [r.pageId, stateOf(r)]));

/**
 * Merges a change request's changes with what main changed since its base: a three-way merge
 * per page (mergePage), bodies changed on both sides merged block by block (core/merge), then
 * the merged tree checked (parents exist, no cycles, unique sibling slugs). `resolutions` choose
 * a side for conflicts; any conflict left is a 409 naming the pages, and nothing is written.
 * Reads follow the size of the change request and of main's changes since its base.
 */
export async function threeWay(
  db: Database,
  space: SpaceRow,
  cr: ChangeRequestRow,
  resolutions?: readonly Resolution[],
): Promise<ThreeWay> {
  const choices = new Resolutions(resolutions);
  const { conflicts, ...result } = await analyse(db, space, cr, choices);
  if (conflicts.length > 0) throw conflict(conflictMessage(conflicts));
  choices.checkAllUsed();
  return result;
}

/** The conflicts an update from main would meet now (none resolved, nothing written). */
export async function threeWayConflicts(
  db: Database,
  space: SpaceRow,
  cr: ChangeRequestRow,
): Promise<Conflict[]> {
  return (await analyse(db, space, cr, new Resolutions())).conflicts;
}

/** The three-way merge with every conflict it could not settle listed rather than thrown. */
async function analyse(
  db: Database,
  space: SpaceRow,
  cr: ChangeRequestRow,
  choices: Resolutions,
): Promise<ThreeWay & { conflicts: Conflict[] }> {
  const head = mainPointer(space);
  const [theirsRows, files] = await db.batch([
    lineHeadQuery(db, cr.lineId),
    fileLineHeadQuery(db, cr.lineId),
  ]);
  // Main has not moved since the change request's base: its tree is the one its batches checked.
  if (cr.baseSeq === space.mainSeq) {
    return { merged: theirsRows.map(stateOf), both: [], documents: [], files, conflicts: [] };
  }
  const base: ContentPointer = { ...head, seq: cr.baseSeq, baseSeq: cr.baseSeq };
  const [changedOnMain, baseRows, oursRows] = await db.batch([
    mainChangesSinceQuery(db, space.mainLineId, cr.baseSeq),
    pagesByIdQuery(db, base, lineHeadIdsSql(cr.lineId)),
    pagesByIdQuery(db, head, lineHeadIdsSql(cr.lineId)),
  ]);
  const mainChanged = new Set(changedOnMain.map((r) => r.pageId));
  const baseOf = byId(baseRows);
  const oursOf = byId(oursRows);
  const merged = new Map<string, PageState>();
  const both = new Map<string, PageState>();
  const keep = (state: PageState, rewrite: boolean) => {
    merged.set(state.pageId, state);
    if (rewrite) both.set(state.pageId, state);
  };
  const conflicts: Conflict[] = [];
  const bodyMerges: BodyMerge[] = [];
  const documentsOf = new Map<string, StoredDocument>();
  for (const row of theirsRows) {
    const theirs = stateOf(row);
    if (!mainChanged.has(row.pageId)) {
      keep(theirs, false);
      continue;
    }
    const versions = {
      pageId: row.pageId,
      base: baseOf.get(row.pageId) ?? null,
      ours: oursOf.get(row.pageId) ?? null,
      theirs,
    };
    let result = mergePage(versions);
    const clash = result.kind === "conflict" ? result.reason : result.conflict;
    const prefer = clash ? choices.page(row.pageId, "page") : undefined;
    if (prefer) result = mergePage(versions, prefer);
    else if (clash)
      conflicts.push({ page: row.pageId, title: theirs.title, kind: "page", reason: clash });
    if (result.kind === "conflict") continue;
    if (result.kind === "merge-document") bodyMerges.push({ ...result, prefer });
    else keep(result.state ?? { ...theirs, deleted: true }, true);
  }
  if (bodyMerges.length) {
    const hashes = bodyMerges.flatMap((m) => [m.base, m.ours, m.theirs]);
    const bodies = new Map((await documentsQuery(db, hashes)).map((d) => [d.hash, d.body]));
    const read = (hash: string): unknown => JSON.parse(bodies.get(hash)!);
    for (const m of bodyMerges) {
      const { pageId, title } = m.state;
      const [ours, theirs] = [read(m.ours), read(m.theirs)];
      const merge = mergeDocuments(read(m.base), ours, theirs);
      const fieldsTake = merge.fields ? undefined : (m.prefer ?? choices.page(pageId, "page"));
      if (!merge.fields && !fieldsTake) {
        const reason = "the page's document properties changed on both sides";
        conflicts.push({ page: pageId, title, kind: "page", reason });
      }
      const open = conflictsOf(merge.entries).filter((c) => !choices.block(pageId, c.key));
      conflicts.push(...open.map((c) => blockConflict(m.state, c)));
      const chosen = (c: { key: string }) => choices.block(pageId, c.key);
      const doc = resolveDocument(merge, { ours, theirs }, chosen, fieldsTake);
      if (!doc || open.length) continue;
      assignKeys(doc); // a block kept twice (both) lost its repeated key: a fresh one
      const stored = await storeable(doc as unknown as JsonDocument);
      keep({ ...m.state, documentHash: stored.hash }, true);
      documentsOf.set(stored.hash, stored);
    }
  }
  // The tree is checked once every page merged; a tree conflict may keep main's page.
  for (let pass = 0; conflicts.length === 0; pass++) {
    const problems = await treeProblems(db, head, [...merged.values()]);
    const taken = pass < 3 ? problems.filter((p) => choices.page(p.pageId, "tree")) : [];
    if (taken.length === 0) {
      for (const p of problems)
        conflicts.push({ page: p.pageId, title: p.title, kind: "tree", reason: p.reason });
      break;
    }
    for (const { pageId } of taken) {
      const main = oursOf.get(pageId);
      keep(main && !main.deleted ? main : { ...merged.get(pageId)!, deleted: true }, true);
    }
  }
  return {
    merged: [...merged.values()],
    both: [...both.values()],
    documents: [...documentsOf.values()],
    files,
    conflicts,
  };
}
