import type { Child } from "hono/jsx";
import { expandableAnchor, expandableTitle } from "../../document/text";
import {
  blockType,
  childNodes,
  dataOf,
  fragmentNamed,
  isRecord,
  stringField,
  type LooseNode,
} from "../../document/loose";
import { inner, slugOf, uniqueId, type RenderState, type Scope } from "./state";

/**
 * Container blocks: hints, expandables (`<details>`), tabs (every panel readable without
 * JavaScript; document.js makes them tabs), steppers (an ordered list of steps), columns and
 * update logs. Their content renders through the shared block renderer.
 */

/** The label and glyph of each hint style. */
const HINTS: Record<string, { label: string; glyph: string }> = {
  info: { label: "Info", glyph: "i" },
  warning: { label: "Warning", glyph: "!" },
  danger: { label: "Danger", glyph: "!" },
  success: { label: "Success", glyph: "✓" },
};

/** A hint: a note with its style's icon and name. */
export function renderHint(node: LooseNode, state: RenderState, scope: Scope): Child {
  const raw = stringField(dataOf(node), "style") ?? "info";
  const style = Object.hasOwn(HINTS, raw) ? raw : "info";
  const hint = HINTS[style] ?? { label: "Info", glyph: "i" };
  return (
    <div class={`q-hint q-hint-${style}`} role="note" aria-label={hint.label}>
      <span class="q-hint-icon" aria-hidden="true">
        {hint.glyph}
      </span>
      <div class="q-hint-body">{state.blocks(childNodes(node), inner(scope))}</div>
    </div>
  );
}

/**
 * An expandable: a `<details>` with its title as summary, open when it says so, with GitBook's
 * anchor (`expandableAnchor`: its `meta.id`, else its title's slug) as its id, so a link to
 * `#<anchor>` lands on it (document.js opens it).
 */
export function renderExpandable(node: LooseNode, state: RenderState, scope: Scope): Child {
  const body = fragmentNamed(node, "expandable-body");
  const titleText = expandableTitle(node);
  const id = uniqueId(state, expandableAnchor(node));
  return (
    <details class="q-expandable" open={dataOf(node).defaultExpanded === true} id={id}>
      <summary>{titleText || "Details"}</summary>
      <div class="q-expandable-body">
        {body ? state.blocks(childNodes(body), inner(scope)) : null}
      </div>
    </details>
  );
}

/**
 * Tabs: a tab list (hidden until document.js runs) over one panel per tab. Each panel starts
 * with its title as a heading one level below the last one, so without JavaScript every panel
 * reads in order; document.js hides those titles and labels the panels by their tabs.
 */
export function renderTabs(node: LooseNode, state: RenderState, scope: Scope): Child {
  const items = childNodes(node).filter((item) => blockType(item) === "tabs-item");
  const level = Math.min(state.headingLevel + 1, 6);
  const tabs = items.map((item, i) => {
    const title = stringField(dataOf(item), "title") || `Tab ${i + 1}`;
    const meta = isRecord(item.meta) ? stringField(item.meta, "id") : undefined;
    const panel = uniqueId(state, `tab-${meta ?? slugOf(title)}`);
    return { item, title, panel, tab: `${panel}-tab`, heading: `${panel}-title` };
  });
  return (
    <div class="q-doc-tabs">
      <div class="q-tablist" role="tablist" hidden>
        {tabs.map((t, i) => (
          <button
            type="button"
            role="tab"
            id={t.tab}
            aria-controls={t.panel}
            aria-selected={i === 0 ? "true" : "false"}
            tabindex={i === 0 ? 0 : -1}
          >
            {t.title}
          </button>
        ))}
      </div>
      {tabs.map((t) => (
        <section class="q-tabpanel" role="tabpanel" id={t.panel} aria-labelledby={t.heading}>
          <div class="q-tabpanel-title" role="heading" aria-level={level} id={t.heading}>
            {t.title}
          </div>
          {state.blocks(childNodes(t.item), inner(scope))}
        </section>
      ))}
    </div>
  );
}

/** A stepper: an ordered list, one item per step. */
export function renderStepper(node: LooseNode, state: RenderState, scope: Scope): Child {
  const steps = childNodes(node);
  return (
    <ol class="q-stepper">
      {steps.map((step) => (
        <li class="q-step">
          {blockType(step) === "stepper-step"
            ? state.blocks(childNodes(step), inner(scope))
            : state.blocks([step], inner(scope))}
        </li>
      ))}
    </ol>
  );
}

/** Columns side by side (stacked on narrow screens). */
export function renderColumns(node: LooseNode, state: RenderState, scope: Scope): Child {
  const columns = childNodes(node);
  return (
    <div class={`q-columns q-columns-${Math.min(Math.max(columns.length, 1), 4)}`}>
      {columns.map((column) => (
        <div class="q-column">
          {blockType(column) === "column"
            ? state.blocks(childNodes(column), inner(scope))
            : state.blocks([column], inner(scope))}
        </div>
      ))}
    </div>
  );
}

/** Dates of updates as people read them (UTC, as the update log is written). */
const DATES: Record<string, Intl.DateTimeFormat> = {
  full: new Intl.DateTimeFormat("en-GB", { dateStyle: "full", timeZone: "UTC" }),
  short: new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" }),
  numeric: new Intl.DateTimeFormat("en-CA", { dateStyle: "short", timeZone: "UTC" }),
};

/** An update log: each update under its date. */
export function renderUpdates(node: LooseNode, state: RenderState, scope: Scope): Child {
  const format = DATES[stringField(dataOf(node), "format") ?? ""] ?? DATES.short;
  return (
    <div class="q-updates">
      {childNodes(node).map((update) => {
        const raw = dataOf(update).date;
        const date = typeof raw === "string" || typeof raw === "number" ? new Date(raw) : null;
        const valid = date && !Number.isNaN(date.getTime()) ? date : null;
        return (
          <section class="q-update">
            {valid ? (
              <p class="q-update-date">
                <time datetime={valid.toISOString()}>{format?.format(valid)}</time>
              </p>
            ) : null}
            {state.blocks(childNodes(update), inner(scope))}
          </section>
        );
      })}
    </div>
  );
}
