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
} from "../../openapi-pages/spec";
import { typeLabel } from "../../openapi-pages/schema-markdown";
import { SchemaFacts } from "./facts";
import { markdownHtml } from "./markdown";

/** Deepest nesting of a schema tree; deeper branches show "…". */
const MAX_TREE_DEPTH = 8;
/** Most rows (properties and alternatives) one block renders across all its trees. */
const MAX_BLOCK_NODES = 500;

/** Fewest rows a named schema must take before a later use links to it instead of repeating. */
const MIN_LINKED_ROWS = 4;

/**
 * What the trees of one block share: the rows it may still render, and the named schemas
 * already expanded (by `$ref`, with their element id), so a later use links back to them.
 */
export interface TreeBudget {
  remaining: number;
  shown: Map<string, string>;
  /** Prefix of this block's element ids (unique per block on a page). */
  idPrefix: string;
}

/** A fresh budget for one block; `key` names it (its anchor, or what it shows). */
export function blockBudget(key: string): TreeBudget {
  const slug = key.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "");
  return { remaining: MAX_BLOCK_NODES, shown: new Map(), idPrefix: `q-oa-${slug || "block"}` };
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
  const extra = isObject(schema.additionalProperties) ? schema.additionalProperties : undefined;
  const variants = props.length === 0 ? variantsOf(schema) : null;
  if (variants) {
    // Siblings before children: this level's rows are taken before any of them descends.
    const shown = variants.list.slice(0, take(w, variants.list.length));
    const alternatives = shown.map((variant) => variantRow(w, variant, depth));
    const element = (
      <div class="q-oa-alts">
        <p class="q-oa-alts-label">{variants.label}</p>
        {listOf(alternatives, shown.length < variants.list.length)}
      </div>
    );
    return { element, kind: "alternatives" };
  }
  const wanted = props.length + (extra ? 1 : 0);
  const granted = take(w, wanted);
  const rows = props
    .slice(0, granted)
    .map(([name, prop]) => propertyRow(w, name, prop, required.has(name), depth));
  if (extra && granted > props.length) {
    rows.push(propertyRow(w, "[key: string]", extra, false, depth));
  }
  if (rows.length === 0 && wanted === 0) return null;
  return { element: listOf(rows, granted < wanted), kind: "properties" };
}

/** The `oneOf`/`anyOf` alternatives of a schema, with the words that introduce them. */
function variantsOf(schema: SpecObject): { label: string; list: unknown[] } | null {
  const oneOf = arr(schema, "oneOf");
  if (oneOf.length > 0) return { label: "One of:", list: oneOf };
  const anyOf = arr(schema, "anyOf");
  return anyOf.length > 0 ? { label: "Any of:", list: anyOf } : null;
}

/** Takes up to `wanted` rows from the block's budget; returns how many it got. */
function take(w: TreeWalk, wanted: number): number {
  const granted = Math.max(0, Math.min(wanted, w.budget.remaining));
  w.budget.remaining -= granted;
  return granted;
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
  const named = refs[refs.length - 1];
  const shownAt = named === undefined ? undefined : w.budget.shown.get(named);
  if (named !== undefined && shownAt !== undefined) {
    const element = (
      <a class="q-oa-seen" href={`#${shownAt}`}>
        {refName(named)}: see above
      </a>
    );
    return { element, kind: "marker" };
  }
  if (depth >= MAX_TREE_DEPTH || w.budget.remaining <= 0) {
    return { element: <span class="q-oa-more">…</span>, kind: "marker" };
  }
  const before = w.budget.remaining;
  w.path.push(...refs);
  const below = childRows(w, target, depth + 1);
  w.path.splice(w.path.length - refs.length, refs.length);
  if (!below || named === undefined || before - w.budget.remaining < MIN_LINKED_ROWS) return below;
  // Expanded once per block: later uses link here instead of repeating the rows.
  const id = `${w.budget.idPrefix}-${refName(named).replace(/[^A-Za-z0-9_-]+/g, "-")}`;
  w.budget.shown.set(named, id);
  return { ...below, element: <div id={id}>{below.element}</div> };
}

/** A row's description (markdown) and facts. */
function rowDetails(schema: SpecObject, description: string | undefined) {
  return (
    <>
      {description ? <div class="q-oa-desc">{raw(markdownHtml(description))}</div> : null}
      {SchemaFacts({ schema })}
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
 * a named schema met again on its own path shows "↻ Name", one already expanded in the block
 * links back to it; depth and the block's row budget bound the tree ("…" where they cut it).
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
