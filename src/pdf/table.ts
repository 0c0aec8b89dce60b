import {
  blockType,
  childNodes,
  dataOf,
  fragmentNamed,
  isRecord,
  stringField,
  type LooseNode,
} from "../../core/document/loose";
import { blockText } from "../../core/document/text";
import { textRun, type BlockContext } from "./block-context";
import type { Decoration } from "./flow";
import { inlineRuns } from "./inline";
import { wrapRuns, type Line, type Run } from "./layout";
import { COLORS, SIZES, type StyleSpec } from "./styles";

const CELL: StyleSpec = { size: SIZES.body - 1, color: COLORS.text };
const HEADER: StyleSpec = { ...CELL, bold: true };
const PAD = 4;
/** Columns beyond this many are left out (a note says so): they would be unreadably narrow. */
const MAX_COLUMNS = 12;
const EMPTY: Line = { fragments: [], width: 0, height: 0, ascent: 0 };

type Align = "left" | "center" | "right";

/** Runs of one cell value: a text fragment's paragraphs, or the value as text. */
function cellRuns(ctx: BlockContext, table: LooseNode, value: unknown, spec: StyleSpec): Run[] {
  const style = ctx.styles.of(spec);
  const plain = (text: string): Run[] => (text === "" ? [] : [textRun(ctx, text, spec)]);
  if (typeof value === "string") {
    const fragment = fragmentNamed(table, value);
    if (!fragment) return plain(value);
    const runs: Run[] = [];
    for (const block of childNodes(fragment)) {
      if (runs.length > 0) runs.push({ text: "\n", style });
      if (blockType(block) === "paragraph") runs.push(...inlineRuns(childNodes(block), spec, ctx));
      else runs.push(...plain(blockText(block)));
    }
    return runs;
  }
  if (typeof value === "number" || typeof value === "boolean") return plain(String(value));
  if (Array.isArray(value)) return plain(value.filter((v) => typeof v === "string").join(", "));
  return [];
}

/** Column widths: natural widths scaled to the table's width, none narrower than a minimum. */
function columnWidths(natural: number[], available: number): number[] {
  const total = natural.reduce((a, b) => a + b, 0);
  if (total <= available) return natural.map((w) => (w * available) / Math.max(1, total));
  const min = Math.min(48, available / natural.length);
  const extra = natural.map((w) => Math.max(0, w - min));
  const spare = available - min * natural.length;
  const extraTotal = extra.reduce((a, b) => a + b, 0);
  return extra.map(
    (e) => min + (extraTotal > 0 ? (e * spare) / extraTotal : spare / natural.length),
  );
}

/** Records in their order (`orderIndex`, then id), as the app shows them. */
function orderedRecords(data: LooseNode): LooseNode[] {
  const records = Object.entries(dataOf({ data: data.records })).filter(
    (entry): entry is [string, LooseNode] => isRecord(entry[1]),
  );
  const order = (r: LooseNode) => (typeof r.orderIndex === "string" ? r.orderIndex : "");
  records.sort(([ka, a], [kb, b]) => order(a).localeCompare(order(b)) || ka.localeCompare(kb));
  return records.map(([, record]) => record);
}

/**
 * A table block (grid view): an optional bold header row on a tinted background, then one row
 * per record; cells wrap inside their column and rows break across sheets line by line.
 */
export function renderTable(ctx: BlockContext, node: LooseNode, depth: number): void {
  if (depth > 40) return;
  const flow = ctx.flow;
  const data = dataOf(node);
  const definition = dataOf({ data: data.definition });
  const view = dataOf({ data: data.view });
  const all = (Array.isArray(view.columns) ? view.columns : Object.keys(definition)).filter(
    (id): id is string => typeof id === "string" && isRecord(definition[id]),
  );
  const columns = all.slice(0, MAX_COLUMNS);
  if (columns.length === 0) return;
  const align = columns.map((id): Align => {
    const value = stringField(definition[id] as LooseNode, "textAlignment");
    return value === "center" || value === "right" ? value : "left";
  });
  const rows: { cells: Run[][]; header: boolean }[] = [];
  if (view.hideHeader !== true) {
    const titles = columns.map((id) => stringField(definition[id] as LooseNode, "title") ?? "");
    const cells = titles.map((t): Run[] => (t ? [textRun(ctx, t, HEADER)] : []));
    rows.push({ cells, header: true });
  }
  for (const record of orderedRecords(data)) {
    const values = dataOf({ data: record.values });
    rows.push({ cells: columns.map((id) => cellRuns(ctx, node, values[id], CELL)), header: false });
  }
  const natural = columns.map(
    (_, c) =>
      Math.max(
        24,
        ...rows.map((r) => wrapRuns(ctx.canvas, r.cells[c] ?? [], 1e6, CELL.size)[0]?.width ?? 0),
      ) +
      2 * PAD,
  );
  const widths = columnWidths(natural, flow.width);
  const xs = widths.map((_, c) => widths.slice(0, c).reduce((a, b) => a + b, 0));
  const box = { x: flow.left, width: flow.width };
  const rule = (y: number) => flow.current.line(box.x, y, box.x + box.width, y, 0.6, COLORS.rule);
  const tint: Decoration = (s, top, h) =>
    s.fillRect(box.x, top - h, box.width, h, COLORS.tableHeader);
  for (const row of rows) {
    const lines = row.cells.map((runs, c) =>
      wrapRuns(ctx.canvas, runs, (widths[c] ?? 0) - 2 * PAD, CELL.size),
    );
    const count = Math.max(1, ...lines.map((l) => l.length));
    const extra = row.header ? tint : undefined;
    rule(flow.reserve(PAD, extra));
    for (let i = 0; i < count; i++) {
      const placed = lines.map((cell, c) => {
        const line = cell[i] ?? EMPTY;
        const room = (widths[c] ?? 0) - 2 * PAD - line.width;
        const shift = align[c] === "right" ? room : align[c] === "center" ? room / 2 : 0;
        return { line, dx: (xs[c] ?? 0) + PAD + Math.max(0, shift) };
      });
      flow.slot(placed, extra);
    }
    flow.reserve(PAD, extra);
  }
  rule(flow.y);
  if (all.length > columns.length) {
    const note = `(${all.length - columns.length} more columns not shown)`;
    flow.lines(
      wrapRuns(
        ctx.canvas,
        [{ text: note, style: ctx.styles.of({ ...CELL, color: COLORS.muted }) }],
        flow.width,
        CELL.size,
      ),
    );
  }
}
