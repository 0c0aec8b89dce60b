import type { Table } from "mdast";
import { convertPhrasing, type InlineContext } from "./parse-inline";
import { inlineText } from "./text";
import type { DocumentFragment, DocumentTable, TableRecord, TableTextDefinition } from "./types";

const BASE_62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * The `orderIndex` of the n-th record: the integer keys of fractional indexing ("a0".."az",
 * "b00".."bzz", ...), which sort in record order by plain string comparison, like GitBook's.
 */
function orderIndex(n: number): string {
  let digits = 1;
  let capacity = 62;
  let rest = n;
  while (rest >= capacity) {
    rest -= capacity;
    digits += 1;
    capacity *= 62;
  }
  let out = "";
  for (let i = 0; i < digits; i++) {
    out = (BASE_62[rest % 62] as string) + out;
    rest = Math.floor(rest / 62);
  }
  return String.fromCharCode("a".charCodeAt(0) + digits - 1) + out;
}

const ALIGNMENT = { left: "left", center: "center", right: "right" } as const;

/**
 * Converts a GFM table to a GitBook grid table with one text column per GFM column: column
 * titles are the header cells' plain text, alignment maps to `textAlignment` (none = left), each
 * body cell is a fragment holding one paragraph, named by the record's value for the column.
 * Ids are positional ("c0", "r0", "r0c0"): they only need to be unique within the table.
 */
export function convertTable(node: Table, ctx: InlineContext): DocumentTable {
  const [header, ...rows] = node.children;
  const headerCells = header?.children ?? [];
  const columns = headerCells.map((_, i) => `c${i}`);
  const definition: Record<string, TableTextDefinition> = {};
  headerCells.forEach((cell, i) => {
    const id = columns[i] as string;
    // Titles are plain strings: formatting and links in header cells are not kept.
    const title = inlineText(convertPhrasing(cell.children, ctx, { cell: true }));
    const align = node.align?.[i];
    const textAlignment = align ? ALIGNMENT[align] : "left";
    definition[id] = { id, title, type: "text", textAlignment };
  });
  const records: Record<string, TableRecord> = {};
  const fragments: DocumentFragment[] = [];
  rows.forEach((row, r) => {
    const recordId = `r${r}`;
    const values: Record<string, string> = {};
    columns.forEach((columnId, c) => {
      const cell = row.children[c];
      const fragment = `${recordId}${columnId}`;
      values[columnId] = fragment;
      const nodes = convertPhrasing(cell?.children ?? [], ctx, { cell: true });
      fragments.push({
        object: "fragment",
        fragment,
        nodes: [{ object: "block", type: "paragraph", key: "", isVoid: false, data: {}, nodes }],
      });
    });
    records[recordId] = { orderIndex: orderIndex(r), values };
  });
  return {
    object: "block",
    type: "table",
    key: "",
    isVoid: true,
    data: { view: { type: "grid", columns, hideHeader: false }, records, definition },
    fragments,
  };
}
