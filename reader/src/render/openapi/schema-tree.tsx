import type { JSX } from "hono/jsx/jsx-runtime";
import { raw } from "hono/html";
import {
  arr,
  deref,
  isObject,
  mergedProperties,
  refName,
  str,
  type SpecObject,
} from "../../../../src/content/openapi-pages/spec";
import { typeLabel } from "../../../../src/content/openapi-pages/schema-markdown";
import { SchemaFacts } from "./facts";
import { markdownHtml } from "./markdown";

/** Deepest nesting of a schema tree; deeper branches show "…". */
const MAX_TREE_DEPTH = 8;
/** Most rows (properties and alternatives) one block renders across all its trees. */
export const MAX_BLOCK_NODES = 500;

/** The rows a block may still render: shared by every tree of the block. */
export interface TreeBudget {
  remaining: number;
}

/** A fresh budget for one block. */
export function blockBudget(): TreeBudget {
  return { remaining: MAX_BLOCK_NODES };
}

/** State of one tree: the spec, the block's budget, and the named schemas on the current path. */
interface TreeWalk {
  spec: SpecObject;
  budget: TreeBudget;
  path: string[];
}

/** What a schema's children are: properties, an array's item properties, or alternatives. */
function childRows(w: TreeWalk, schema: SpecObject, depth: number): Below | null {
  const items = deref(w.spec, schema.items).target;
  if (
    items &&
    (isObject(items.properties) || arr(items, "allOf").length > 0 || variantsOf(items))
  ) {
    const below = nested(w, schema.items, depth);
    return below && below.kind !== "marker" ? { ...below, kind: "items" } : below;
  }
  const { props, required } = mergedProperties(w.spec, schema);
  const extra = schema.additionalProperties;
  const rows: JSX.Element[] = [];
  for (const [name, prop] of props) {
    if (!take(w)) return { element: listOf(rows, true), kind: "properties" };
    rows.push(propertyRow(w, name, prop, required.has(name), depth));
  }
  if (isObject(extra) && take(w)) rows.push(propertyRow(w, "[key: string]", extra, false, depth));
  const variants = variantsOf(schema);
  if (variants && props.length === 0) {
    const alternatives: JSX.Element[] = [];
    for (const variant of variants.list) {
      if (!take(w)) break;
      alternatives.push(variantRow(w, variant, depth));
    }
    const more = alternatives.length < variants.list.length;
    const element = (
      <div class="q-oa-alts">
        <p class="q-oa-alts-label">{variants.label}</p>
        {listOf(alternatives, more)}
      </div>
    );
    return { element, kind: "alternatives" };
  }
  return rows.length > 0 ? { element: listOf(rows, false), kind: "properties" } : null;
}

/** The `oneOf`/`anyOf` alternatives of a schema, with the words that introduce them. */
function variantsOf(schema: SpecObject): { label: string; list: unknown[] } | null {
  const oneOf = arr(schema, "oneOf");
  if (oneOf.length > 0) return { label: "One of:", list: oneOf };
  const anyOf = arr(schema, "anyOf");
  return anyOf.length > 0 ? { label: "Any of:", list: anyOf } : null;
}

/** Takes one row from the budget; false once the block has used all of its rows. */
function take(w: TreeWalk): boolean {
  if (w.budget.remaining <= 0) return false;
  w.budget.remaining -= 1;
  return true;
}

/** A list of rows, with a closing "…" when a limit cut it short. */
function listOf(rows: JSX.Element[], cut: boolean): JSX.Element {
  return (
    <ul class="q-oa-props">
      {rows}
      {cut ? <li class="q-oa-more">…</li> : null}
    </ul>
  );
}

/** What lies below a row: rows to disclose (by kind), or a marker shown in place (↻, …). */
interface Below {
  element: JSX.Element;
  kind: "properties" | "items" | "alternatives" | "marker";
}

/** The disclosure's words for each kind of children. */
const SUMMARY_WORDS: Record<Below["kind"], string> = {
  properties: "Properties",
  items: "Item properties",
  alternatives: "Alternatives",
  marker: "",
};

/**
 * The children of `node` one level down: "↻ Name" when its named schema is already on the path
 * (a recursive schema), "…" past the depth limit, else its rows.
 */
function nested(w: TreeWalk, node: unknown, depth: number): Below | null {
  const { target, refs } = deref(w.spec, node);
  if (!target) return null;
  const repeated = refs.find((r) => w.path.includes(r));
  if (repeated) {
    return { element: <span class="q-oa-cycle">↻ {refName(repeated)}</span>, kind: "marker" };
  }
  if (depth >= MAX_TREE_DEPTH || w.budget.remaining <= 0) {
    return { element: <span class="q-oa-more">…</span>, kind: "marker" };
  }
  w.path.push(...refs);
  const below = childRows(w, target, depth + 1);
  w.path.splice(w.path.length - refs.length, refs.length);
  return below;
}

/** A row's description (markdown) and facts. */
function rowDetails(schema: SpecObject, description: string | undefined) {
  return (
    <>
      {description ? <div class="q-oa-desc">{raw(markdownHtml(description))}</div> : null}
      <SchemaFacts schema={schema} />
    </>
  );
}

/** Children in a disclosure: closed by default, so long schemas stay readable. */
function disclosure(below: Below | null, owner: string): JSX.Element | null {
  if (!below) return null;
  if (below.kind === "marker") return <div class="q-oa-nested">{below.element}</div>;
  return (
    <details class="q-oa-nested">
      <summary>
        {SUMMARY_WORDS[below.kind]} of {owner}
      </summary>
      {below.element}
    </details>
  );
}

/** One property: name, type, required, description, facts, and its own properties below. */
function propertyRow(
  w: TreeWalk,
  name: string,
  prop: unknown,
  required: boolean,
  depth: number,
): JSX.Element {
  const target = deref(w.spec, prop).target ?? {};
  return (
    <li class="q-oa-prop">
      <div class="q-oa-prop-head">
        <code class="q-oa-name">{name}</code>{" "}
        <span class="q-oa-type">{typeLabel(w.spec, prop)}</span>
        {required ? <span class="q-oa-required">required</span> : null}
      </div>
      {rowDetails(target, str(target, "description"))}
      {disclosure(nested(w, prop, depth), name)}
    </li>
  );
}

/** One alternative of a `oneOf`/`anyOf`: its type label (or title) and its own tree. */
function variantRow(w: TreeWalk, variant: unknown, depth: number): JSX.Element {
  const target = deref(w.spec, variant).target ?? {};
  const label = str(target, "title") ?? typeLabel(w.spec, variant);
  return (
    <li class="q-oa-prop q-oa-alt">
      <div class="q-oa-prop-head">
        <span class="q-oa-type">{label}</span>
      </div>
      {rowDetails(target, str(target, "description"))}
      {disclosure(nested(w, variant, depth), label)}
    </li>
  );
}

/**
 * A schema as an expandable tree: its type, then its properties (allOf merged), an array's item
 * properties, or its alternatives, nested objects in `<details>`. Local `$ref`s are followed;
 * a named schema met again on its own path shows "↻ Name"; depth and the block's row budget
 * bound the tree ("…" where they cut it).
 */
export function SchemaTree(props: {
  spec: SpecObject;
  schema: unknown;
  budget: TreeBudget;
}): JSX.Element {
  const w: TreeWalk = { spec: props.spec, budget: props.budget, path: [] };
  const target = deref(props.spec, props.schema).target ?? {};
  return (
    <div class="q-oa-schema">
      <p class="q-oa-schema-type">
        <span class="q-oa-type">{typeLabel(props.spec, props.schema)}</span>
      </p>
      <SchemaFacts schema={target} />
      {nested(w, props.schema, 0)?.element}
    </div>
  );
}
