import type { Child } from "hono/jsx";
import { childNodes, dataOf, fragmentNamed, isRecord, type LooseNode } from "../../document/loose";
import { hrefOf, labelOf, refOf } from "./links";
import { imageSource } from "./media-source";
import { inner, type RenderState, type Scope } from "./state";

/**
 * Tables: the grid view as a `<table>` (a header from the view's columns, one row per record in
 * its order) and the cards view as a grid of cards with a cover image and a target link. Cells
 * of every column type render as readable content (text fragments, numbers, yes/no, options,
 * files, links, ratings, images).
 */

type Definition = {
  id: string;
  title: string;
  type: string;
  max?: number;
  options?: unknown;
  align?: string;
};

/** The records of a table in their order. */
function recordsOf(data: LooseNode): Array<Record<string, unknown>> {
  const records = isRecord(data.records) ? Object.values(data.records).filter(isRecord) : [];
  const order = (r: LooseNode) => (typeof r.orderIndex === "string" ? r.orderIndex : "");
  return records
    .sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0))
    .map((record) => (isRecord(record.values) ? record.values : {}));
}

/** The definitions of the view's columns that exist. */
function columnsOf(data: LooseNode, view: LooseNode): Definition[] {
  const definitions = isRecord(data.definition) ? data.definition : {};
  const ids = Array.isArray(view.columns) ? view.columns : Object.keys(definitions);
  return ids.flatMap((id) => {
    const def = typeof id === "string" ? definitions[id] : undefined;
    if (!isRecord(def)) return [];
    return [
      {
        id,
        title: typeof def.title === "string" ? def.title : "",
        type: typeof def.type === "string" ? def.type : "text",
        ...(typeof def.max === "number" ? { max: def.max } : {}),
        ...(def.textAlignment === "center" || def.textAlignment === "right"
          ? { align: `q-align-${def.textAlignment}` }
          : {}),
        options: def.options,
      },
    ];
  });
}

/** The label of a select option by value. */
function optionLabel(def: Definition, value: string): string {
  const options = Array.isArray(def.options) ? def.options.filter(isRecord) : [];
  const option = options.find((o) => o.value === value);
  return typeof option?.label === "string" ? option.label : value;
}

/** One cell's content for its column's type. */
function cell(
  node: LooseNode,
  def: Definition,
  value: unknown,
  state: RenderState,
  scope: Scope,
): Child {
  if (value === null || value === undefined) return null;
  const ctx = state.ctx;
  switch (def.type) {
    case "text": {
      const fragment = typeof value === "string" ? fragmentNamed(node, value) : undefined;
      return fragment ? state.blocks(childNodes(fragment), inner(scope)) : null;
    }
    case "checkbox":
      return value === true ? "Yes" : "No";
    case "rating":
      return typeof value === "number" ? `${value} / ${def.max ?? 5}` : null;
    case "select":
      return (Array.isArray(value) ? value : [value])
        .filter((v): v is string => typeof v === "string")
        .map((v) => optionLabel(def, v))
        .join(", ");
    case "files":
      return (Array.isArray(value) ? value : []).map((id) => {
        const file = typeof id === "string" ? ctx.file(id) : undefined;
        return file ? (
          <a class="q-cell-file" href={file.url}>
            {file.name}
          </a>
        ) : null;
      });
    case "content-ref": {
      const ref = refOf(value);
      if (!ref) return null;
      const href = hrefOf(ref, ctx);
      const label = labelOf(ref, ctx);
      return href ? <a href={href}>{label}</a> : label;
    }
    case "image": {
      const source = imageSource(isRecord(value) && "ref" in value ? value.ref : value, ctx);
      const alt = isRecord(value) && typeof value.alt === "string" ? value.alt : "";
      return source ? <img src={source.src} alt={alt} loading="lazy" decoding="async" /> : null;
    }
    case "users":
      return null;
    default:
      return typeof value === "string" || typeof value === "number" ? String(value) : null;
  }
}

/** The grid view. */
function renderGrid(
  node: LooseNode,
  data: LooseNode,
  view: LooseNode,
  state: RenderState,
  scope: Scope,
): Child {
  const columns = columnsOf(data, view);
  const rows = recordsOf(data);
  return (
    <div class="q-table-wrap" tabindex={0} role="region" aria-label="Table">
      <table class="q-table">
        {view.hideHeader === true ? null : (
          <thead>
            <tr>
              {columns.map((c) => (
                <th scope="col" class={c.align}>
                  {c.title}
                </th>
              ))}
            </tr>
          </thead>
        )}
        <tbody>
          {rows.map((values) => (
            <tr>
              {columns.map((c) => (
                <td class={c.align}>{cell(node, c, values[c.id], state, scope)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The cards view. */
function renderCards(
  node: LooseNode,
  data: LooseNode,
  view: LooseNode,
  state: RenderState,
  scope: Scope,
): Child {
  const columns = columnsOf(data, view);
  const target = typeof view.targetDefinition === "string" ? view.targetDefinition : undefined;
  const cover = typeof view.coverDefinition === "string" ? view.coverDefinition : undefined;
  return (
    <ul class={view.cardSize === "large" ? "q-cards q-cards-large" : "q-cards"}>
      {recordsOf(data).map((values) => {
        const ref = target ? refOf(values[target]) : undefined;
        const href = ref ? hrefOf(ref, state.ctx) : undefined;
        const coverValue = cover ? values[cover] : undefined;
        const coverRef = Array.isArray(coverValue)
          ? { kind: "file", file: coverValue[0] }
          : isRecord(coverValue) && "ref" in coverValue
            ? coverValue.ref
            : coverValue;
        const image = coverValue ? imageSource(coverRef, state.ctx) : undefined;
        const body = columns
          .filter((c) => c.id !== cover && c.id !== target)
          .map((c) => <div class="q-card-field">{cell(node, c, values[c.id], state, scope)}</div>);
        return (
          <li class="q-card q-table-card">
            {image ? (
              <img class="q-card-cover" src={image.src} alt="" loading="lazy" decoding="async" />
            ) : null}
            {body}
            {href ? (
              <a class="q-card-link" href={href}>
                {ref ? labelOf(ref, state.ctx) : "Open"}
              </a>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** A table block in its view. */
export function renderTable(node: LooseNode, state: RenderState, scope: Scope): Child {
  const data = dataOf(node);
  const view = isRecord(data.view) ? data.view : { type: "grid" };
  return view.type === "cards"
    ? renderCards(node, data, view, state, scope)
    : renderGrid(node, data, view, state, scope);
}
