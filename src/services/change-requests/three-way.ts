import type { ChangeRequestRow, FileRow, PageRow, SpaceRow } from "../../db/schema";
import type { Database } from "../../db/client";

import { markdownOf, storeable, type StoredDocument } from "../../content/documents";
import { DocumentTooDeepError, parseMarkdown } from "../../../core/document/index";
import { mergeMarkdown, mergePage } from "../../content/merge";
import { mainPointer } from "../../content/pointers";
import type { ContentPointer } from "../../content/pointer";
import {
  childrenQuery,
  documentsQuery,
  fileLineHeadQuery,
  lineHeadIdsSql,
  lineHeadQuery,
  mainChangesSinceQuery,
  pageWithAncestorsQuery,
  pagesByIdQuery,
} from "../../content/read";
import { stateOf, type PageState } from "../../content/state";
import { conflict } from "../../lib/errors";

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

const byId = (rows: PageRow[]) => new Map(rows.map((r) => [r.pageId, stateOf(r)]));

/**
 * Merges a change request's changes with what main changed since its base: a three-way merge
 * per page (mergePage), bodies changed on both sides merged line by line on their markdown, then
 * the merged tree checked (parents exist, no cycles, unique sibling slugs). Any conflict is a 409
 * naming the pages, and nothing is written. Reads follow the size of the change request and of
 * main's changes since its base, not the size of the space.
 */
export async function threeWay(
  db: Database,
  space: SpaceRow,
  cr: ChangeRequestRow,
): Promise<ThreeWay> {
  const head = mainPointer(space);
  const [theirsRows, files] = await db.batch([
    lineHeadQuery(db, cr.lineId),
    fileLineHeadQuery(db, cr.lineId),
  ]);
  // Main has not moved since the change request's base: its tree is the one its batches checked.
  if (cr.baseSeq === space.mainSeq) {
    return { merged: theirsRows.map(stateOf), both: [], documents: [], files };
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
  const merged: PageState[] = [];
  const both: PageState[] = [];
  const conflicts: string[] = [];
  const bodyMerges: { state: PageState; base: string; ours: string; theirs: string }[] = [];
  for (const row of theirsRows) {
    const theirs = stateOf(row);
    if (!mainChanged.has(row.pageId)) {
      merged.push(theirs);
      continue;
    }
    const result = mergePage({
      pageId: row.pageId,
      base: baseOf.get(row.pageId) ?? null,
      ours: oursOf.get(row.pageId) ?? null,
      theirs,
    });
    if (result.kind === "conflict")
      conflicts.push(`${theirs.title} (${row.pageId}): ${result.reason}`);
    else if (result.kind === "merge-document") bodyMerges.push(result);
    else {
      const state = result.state ?? { ...theirs, deleted: true };
      merged.push(state);
      both.push(state);
    }
  }
  const documents: StoredDocument[] = [];
  if (bodyMerges.length && conflicts.length === 0) {
    const hashes = bodyMerges.flatMap((m) => [m.base, m.ours, m.theirs]);
    const bodies = new Map((await documentsQuery(db, hashes)).map((d) => [d.hash, d.body]));
    for (const m of bodyMerges) {
      const text = mergeMarkdown(
        markdownOf(bodies.get(m.base)!),
        markdownOf(bodies.get(m.ours)!),
        markdownOf(bodies.get(m.theirs)!),
      );
      if (text === null) {
        conflicts.push(
          `${m.state.title} (${m.state.pageId}): the same lines changed on main and in the change request`,
        );
        continue;
      }
      const parsed = parsedOrNull(text);
      if (!parsed) {
        conflicts.push(
          `${m.state.title} (${m.state.pageId}): the merged page nests deeper than the markdown limit`,
        );
        continue;
      }
      const doc = await storeable(parsed);
      documents.push(doc);
      const state = { ...m.state, documentHash: doc.hash };
      merged.push(state);
      both.push(state);
    }
  }
  if (conflicts.length === 0) conflicts.push(...(await treeProblems(db, head, merged)));
  if (conflicts.length > 0) {
    throw conflict(`The change request conflicts with main: ${conflicts.join("; ")}`);
  }
  return { merged, both, documents, files };
}

/** Structural checks of the merged tree: every parent exists, no cycle, slugs unique among siblings. */
async function treeProblems(
  db: Database,
  head: ContentPointer,
  merged: PageState[],
): Promise<string[]> {
  const mergedOf = new Map(merged.map((s) => [s.pageId, s]));
  const live = merged.filter((s) => !s.deleted);
  const parents = [...new Set(live.map((s) => s.parentId))];
  const moved = live.filter((s) => s.parentId !== null).map((s) => s.pageId);
  const queries = [
    childrenQuery(db, head, parents),
    ...moved
      .slice(0, 50)
      .map((id) => pageWithAncestorsQuery(db, head, mergedOf.get(id)!.parentId!)),
  ];
  const [first, ...rest] = queries;
  const results = (await db.batch([first!, ...rest])) as PageRow[][];
  const state = new Map<string, PageState>();
  for (const rows of results) for (const r of rows) if (!r.deleted) state.set(r.pageId, stateOf(r));
  for (const s of merged) state.set(s.pageId, s);
  const exists = (id: string) => state.get(id) && !state.get(id)!.deleted;
  const problems: string[] = [];
  for (const s of live) {
    if (s.parentId !== null && !exists(s.parentId)) {
      problems.push(`${s.title} (${s.pageId}): its parent page was deleted on main`);
      continue;
    }
    let cursor = s.parentId;
    for (let depth = 0; cursor !== null && depth < 128; depth++) {
      if (cursor === s.pageId) {
        problems.push(
          `${s.title} (${s.pageId}): the moves on main and in the change request make a cycle`,
        );
        break;
      }
      cursor = state.get(cursor)?.parentId ?? null;
    }
  }
  for (const parent of parents) {
    const slugs = new Map<string, string>();
    for (const s of state.values()) {
      if (s.deleted || s.parentId !== parent) continue;
      const other = slugs.get(s.slug);
      if (other)
        problems.push(
          `${s.title} (${s.pageId}): its slug "${s.slug}" is also used by page ${other}`,
        );
      slugs.set(s.slug, s.pageId);
    }
  }
  return problems;
}

/** The merged markdown as a Document, or null when it nests past the parser's limit. */
function parsedOrNull(text: string) {
  try {
    return parseMarkdown(text).document;
  } catch (error) {
    if (error instanceof DocumentTooDeepError) return null;
    throw error;
  }
}
