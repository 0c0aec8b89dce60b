import type { AlignType, PhrasingContent, Table, TableCell } from "mdast";
import { hrefOf, type HrefFor } from "./hrefs";
import {
  blockType,
  childNodes,
  dataOf,
  fragmentNamed,
  isRecord,
  joinLines,
  stringField,
  type LooseNode,
  pushAll,
} from "./loose";
import { renderInlines } from "./render-inline";
import { blockText } from "./text";

/** GFM alignment of a column: left (the default) renders as no alignment. */
function alignOf(def: LooseNode): AlignType {
  const value = stringField(def, "textAlignment");
  return value === "center" || value === "right" ? value : null;
}

/** A table cell holding plain text. */
const textCell = (value: string): TableCell => ({
  type: "tableCell",
  children: value === "" ? [] : [{ type: "text", value }],
});

/** Phrasing of a text cell: its fragment's paragraphs and headings, other blocks as text. */
function fragmentPhrasing(fragment: LooseNode, hrefFor: HrefFor | undefined): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const block of childNodes(fragment)) {
    const type = blockType(block);
    const phrasing = /^(paragraph|heading-[123])$/.test(type)
      ? renderInlines(childNodes(block), { hrefFor, singleLine: true })
      : [{ type: "text" as const, value: joinLines(blockText(block)) }];
    if (phrasing.length === 0) continue;
    if (out.length > 0) out.push({ type: "text", value: " " });
    pushAll(out, phrasing);
  }
  return out;
}

/** One cell, whatever the column type (text, number, checkbox, files, content-ref, ...). */
function cell(table: LooseNode, kind: string, value: unknown, hrefFor: HrefFor | undefined) {
  if (typeof value === "string" && kind === "text") {
    const fragment = fragmentNamed(table, value);
    return fragment
      ? { type: "tableCell" as const, children: fragmentPhrasing(fragment, hrefFor) }
      : textCell("");
  }
  if (typeof value === "number") return textCell(String(value));
  if (typeof value === "boolean") return textCell(value ? "[x]" : "[ ]");
  if (typeof value === "string") return textCell(value);
  if (Array.isArray(value)) {
    const ids = value.filter((id): id is string => typeof id === "string");
    if (kind === "files") {
      const links: PhrasingContent[] = ids.flatMap((file, i) => {
        const url = hrefOf({ kind: "file", file }, hrefFor) ?? "";
        const link: PhrasingContent = {
          type: "link",
          url,
          title: null,
          children: [{ type: "text", value: url }],
        };
        return i === 0 ? [link] : [{ type: "text", value: ", " }, link];
      });
      return { type: "tableCell" as const, children: links };
    }
    return textCell(ids.join(", "));
  }
  if (isRecord(value)) {
    const url = hrefOf(isRecord(value.ref) ? value.ref : value, hrefFor);
    if (url === null) return textCell("");
    const child: PhrasingContent =
      kind === "image"
        ? { type: "image", url, alt: null, title: null }
        : { type: "link", url, title: null, children: [{ type: "text", value: url }] };
    return { type: "tableCell" as const, children: [child] };
  }
  return textCell("");
}

/**
 * Renders a GitBook table block as a GFM table: the view's visible columns in order (all
 * definitions when the view lists none), their titles as the header, one row per record sorted
 * by `orderIndex`. Returns null for a table without columns. Rich cell content is flattened to
 * one line (GFM cells hold inline content only).
 */
export function renderTable(table: LooseNode, hrefFor: HrefFor | undefined): Table | null {
  const data = dataOf(table);
  const definition = isRecord(data.definition) ? data.definition : {};
  const view = isRecord(data.view) ? data.view : {};
  const listed = Array.isArray(view.columns) ? view.columns : Object.keys(definition);
  const columns = listed.filter(
    (id): id is string =>
      typeof id === "string" && Object.hasOwn(definition, id) && isRecord(definition[id]),
  );
  if (columns.length === 0) return null;
  const defs = columns.map((id) => definition[id] as LooseNode);
  const header = {
    type: "tableRow" as const,
    children: defs.map((def) => textCell(joinLines(stringField(def, "title") ?? ""))),
  };
  const records = Object.entries(isRecord(data.records) ? data.records : {})
    .filter((entry): entry is [string, LooseNode] => isRecord(entry[1]))
    .map(([id, record]) => ({ id, order: stringField(record, "orderIndex") ?? "", record }))
    .sort((a, b) =>
      a.order < b.order ? -1 : a.order > b.order ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
    );
  const rows = records.map(({ record }) => {
    const values = isRecord(record.values) ? record.values : {};
    return {
      type: "tableRow" as const,
      children: columns.map((id, i) => {
        const kind = stringField(defs[i] as LooseNode, "type") ?? "text";
        return cell(table, kind, Object.hasOwn(values, id) ? values[id] : undefined, hrefFor);
      }),
    };
  });
  const align = defs.map(alignOf);
  return { type: "table", align, children: [header, ...rows] };
}
