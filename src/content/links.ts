import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { jsonChunks } from "../lib/json-chunks";
import type { Database } from "../db/client";
import { documentLinks, type LinkKind } from "../db/schema";
import { documentRefs, type ContentRef, type DocumentLike } from "../../core/document";

/** One distinct link target of a document, as stored in `document_links`. */
export interface ExtractedLink {
  kind: LinkKind;
  spaceId: string | null;
  pageId: string | null;
  fileId: string | null;
  anchor: string | null;
  url: string | null;
}

const KINDS: ReadonlySet<string> = new Set<LinkKind>(["page", "file", "anchor", "url"]);

/** Distinct targets per document at most: a body's links fit a few statements whatever it holds. */
export const MAX_LINKS_PER_DOCUMENT = 2000;

/** The stored form of a reference of a kind links are kept for, else null. */
function linkOf(ref: ContentRef): ExtractedLink | null {
  if (!KINDS.has(ref.kind)) return null;
  const r = ref as unknown as Record<string, unknown>;
  const str = (key: string) => (typeof r[key] === "string" ? (r[key] as string) : null);
  return {
    kind: ref.kind as LinkKind,
    spaceId: str("space"),
    pageId: str("page"),
    fileId: str("file"),
    anchor: str("anchor"),
    url: str("url"),
  };
}

/**
 * The distinct page, file, anchor and URL references of a Document, in document order (links,
 * mentions, buttons, images, file and content-ref blocks: `documentRefs`).
 */
export function extractLinks(document: DocumentLike): ExtractedLink[] {
  const out: ExtractedLink[] = [];
  const seen = new Set<string>();
  for (const ref of documentRefs(document)) {
    const link = linkOf(ref);
    if (!link) continue;
    const key = JSON.stringify(link);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(link);
    if (out.length === MAX_LINKS_PER_DOCUMENT) break;
  }
  return out;
}

/** The links of a stored body (canonical JSON); a body that does not parse has none. */
export function linksOfBody(body: string): ExtractedLink[] {
  try {
    return extractLinks(JSON.parse(body) as DocumentLike);
  } catch {
    return [];
  }
}

/** JSON characters per INSERT: one bound parameter carries many rows (D1 allows 100 params). */
const CHUNK_CHARS = 200_000;

type Row = [
  number,
  LinkKind,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
];

/**
 * The statements that store the links of new document bodies, for the same `db.batch` as the
 * bodies themselves: INSERT OR IGNORE keyed by (hash, ordinal), so a body stored again adds
 * nothing, and each statement carries its rows as one JSON parameter.
 */
export function documentLinkStatements(
  db: Database,
  docs: readonly { hash: string; body: string }[],
): BatchItem<"sqlite">[] {
  const stmts: BatchItem<"sqlite">[] = [];
  for (const doc of docs) {
    const rows: Row[] = linksOfBody(doc.body).map((l, i) => [
      i,
      l.kind,
      l.spaceId,
      l.pageId,
      l.fileId,
      l.anchor,
      l.url,
    ]);
    for (const json of jsonChunks(rows, CHUNK_CHARS)) {
      const at = (i: number) => sql.raw(`json_extract(e.value, '$[${i}]')`);
      // `WHERE true` keeps SQLite from reading ON CONFLICT as a join constraint.
      stmts.push(
        db
          .insert(documentLinks)
          .select(
            sql`SELECT ${doc.hash}, ${at(0)}, ${at(1)}, ${at(2)}, ${at(3)}, ${at(4)}, ${at(5)}, ${at(6)}
              FROM json_each(${json}) AS e WHERE true`,
          )
          .onConflictDoNothing(),
      );
    }
  }
  return stmts;
}
