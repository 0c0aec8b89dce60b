import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { documents } from "../../db/schema/index";
import { visibleAt, type ContentPointer } from "../../content/pointer";
import { pagesByIdQuery } from "../../content/read";
import { RefusedValue, UnknownReference } from "../../lib/errors";

/** What a new comment may point at. */
export interface TargetInput {
  page?: string;
  node?: string;
  tableCell?: { record: string; definition: string };
}

/** The stored target columns of a checked target. */
export interface TargetColumns {
  targetPage: string | null;
  targetNode: string | null;
  tableRecord: string | null;
  tableDefinition: string | null;
}

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The first block with this key anywhere in the document (child nodes and fragments). */
function findBlock(document: unknown, key: string): Node | undefined {
  const stack: { node: unknown; depth: number }[] = [{ node: document, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (!isNode(node) || depth > 64) continue;
    if (node.object === "block" && node.key === key) return node;
    for (const field of ["nodes", "fragments"]) {
      const children = node[field];
      if (Array.isArray(children)) {
        for (const child of children) stack.push({ node: child, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

/** The document of a page visible at the pointer, by a subquery on its visible row. */
function pageDocumentQuery(db: Database, pointer: ContentPointer, pageId: string) {
  const hash = sql`SELECT pv.document_hash FROM page_versions pv
    WHERE pv.page_id = ${pageId} AND pv.deleted = 0 AND ${visibleAt(pointer, "pv", "page_versions", "page_id")}`;
  return db
    .select()
    .from(documents)
    .where(sql`${documents.hash} IN (${hash})`)
    .limit(1);
}

/** A table cell target must name a record and a column of the table block. */
function checkTableCell(block: Node, cell: { record: string; definition: string }): void {
  if (block.type !== "table") throw new RefusedValue("tableCell", "body.node is not a table");
  const data = isNode(block.data) ? block.data : {};
  const records = isNode(data.records) ? data.records : {};
  const definition = isNode(data.definition) ? data.definition : {};
  if (!Object.hasOwn(records, cell.record)) {
    throw new UnknownReference("tableCell.record", `no record ${cell.record} in this table`);
  }
  if (!Object.hasOwn(definition, cell.definition)) {
    const rule = `no column ${cell.definition} in this table`;
    throw new UnknownReference("tableCell.definition", rule);
  }
}

/**
 * Checks a comment's target against the content it is posted on (main's head for a space
 * comment, the change request's head for a change-request comment) in one round trip: the page
 * must exist there, the node must be a block of that page's document, and a table cell must be
 * a record and a column of that table block. Anything else is a domain error naming the field.
 */
export async function checkTarget(
  db: Database,
  pointer: ContentPointer,
  input: TargetInput,
): Promise<TargetColumns> {
  const none = { targetPage: null, targetNode: null, tableRecord: null, tableDefinition: null };
  // PostCommentBody has made sure a table cell comes with its node, and a node with its page.
  if (input.page === undefined) return none;
  const pageId = input.page;
  const [pages, docs] = await db.batch([
    pagesByIdQuery(db, pointer, [pageId]),
    pageDocumentQuery(db, pointer, pageId),
  ]);
  if (!pages.some((p) => p.pageId === pageId && !p.deleted)) {
    throw new UnknownReference("page", `no page ${pageId} in this revision`);
  }
  const columns = { ...none, targetPage: pageId };
  if (input.node === undefined) return columns;
  const body = docs[0]?.body;
  const block = body ? findBlock(JSON.parse(body) as unknown, input.node) : undefined;
  if (!block) throw new UnknownReference("node", `no block ${input.node} in this page`);
  if (input.tableCell) checkTableCell(block, input.tableCell);
  return {
    ...columns,
    targetNode: input.node,
    tableRecord: input.tableCell?.record ?? null,
    tableDefinition: input.tableCell?.definition ?? null,
  };
}
