import { SpaceCrumbs } from "../../layout/space-crumbs";
import { raw } from "hono/html";
import type { RenderContext } from "../../../../core/render/model";
import type { DiffBlock } from "../../../../core/diff/blocks";
import { AppForm, ErrorSummary, Submit } from "../../layout/forms";
import { Workspace } from "../../layout/workspace";
import type { SignedIn } from "../../session/session";
import { blockHtml } from "./diff-view";
import type { ConflictItem, ConflictsView } from "./conflicts-load";
import { changeRequestPath, changesPath, conflictsPath } from "./paths";

/**
 * The conflicts of "update from main": each conflict of a block shown as main's version and the
 * change request's side by side (rendered by core/render, each labelled), each page or tree
 * conflict in words, and per conflict a radio group (keep main / keep mine / both) in one form
 * posting the choices to update from main. Works without JavaScript.
 */

/** One side of a block conflict, labelled (deleted: said in words). */
function Side(props: { label: string; block?: DiffBlock | null; ctx: RenderContext }) {
  return (
    <div>
      <p class="a-diff-label">{props.label}</p>
      {props.block ? (
        <div class="a-sp-document">{raw(blockHtml(props.block, props.ctx))}</div>
      ) : (
        <p class="a-meta">Deleted on this side.</p>
      )}
    </div>
  );
}

/** The choices a conflict offers: both only for a block, only main's for the tree. */
function choicesOf(item: ConflictItem): [string, string][] {
  if (item.kind === "tree") return [["main", "Keep main's version of this page"]];
  const choices: [string, string][] = [
    ["main", "Keep main's"],
    ["mine", "Keep mine"],
  ];
  if (item.kind === "block") choices.push(["both", "Keep both (mine after main's)"]);
  return choices;
}

/** One conflict: what both sides did, and its radio group. */
function ConflictEntry(props: { item: ConflictItem; index: number; ctx: RenderContext }) {
  const { item, index: n } = props;
  const heading = `conflict-${n}-heading`;
  const what = item.kind === "block" ? "Block" : item.kind === "page" ? "Page" : "Page tree";
  return (
    <section class="a-section a-diff-block a-diff-changed" aria-labelledby={heading}>
      <h2 id={heading}>{`${what} conflict in “${item.title}”`}</h2>
      <p>{item.reason}</p>
      {item.kind === "block" ? (
        <div class="a-diff-pair">
          <Side label="Main's version" block={item.main} ctx={props.ctx} />
          <Side label="My version (this change request)" block={item.mine} ctx={props.ctx} />
        </div>
      ) : null}
      <input type="hidden" name={`page.${n}`} value={item.page} />
      {item.block ? <input type="hidden" name={`block.${n}`} value={item.block} /> : null}
      <fieldset class="a-field">
        <legend>{`Resolve: ${what.toLowerCase()} conflict in “${item.title}”`}</legend>
        {choicesOf(item).map(([value, label]) => (
          <label>
            <input type="radio" name={`take.${n}`} value={value} required /> {label}
          </label>
        ))}
      </fieldset>
    </section>
  );
}

/** The conflicts screen of one change request. */
export function ConflictsScreen(props: {
  person: SignedIn;
  view: ConflictsView;
  error?: string | null;
}) {
  const { person, view } = props;
  const { space, changeRequest: cr } = view;
  const base = changeRequestPath(space.id, cr.number);
  const canEdit = space.permissions?.edit === true;
  return (
    <Workspace
      person={person}
      data={view.frame}
      current={{ space: space.id }}
      title={`Conflicts of #${cr.number} ${cr.subject} · ${space.title}`}
      styles={["css/space.css", "css/changes.css"]}
    >
      <SpaceCrumbs
        space={space}
        trail={[
          { label: "Change requests", href: changesPath(space.id) },
          { label: `#${cr.number}`, href: base },
          { label: "Conflicts" },
        ]}
      />
      <h1>{`Update “${cr.subject || "Untitled change request"}” from main`}</h1>
      <ErrorSummary error={props.error} />
      {view.conflicts.length === 0 ? (
        <p class="a-meta">No conflicts: main's changes merge into this change request cleanly.</p>
      ) : (
        <p>{`${view.conflicts.length} conflict${view.conflicts.length === 1 ? "" : "s"} between main and this change request. Choose what to keep for each, then update.`}</p>
      )}
      {canEdit ? (
        <AppForm
          action={conflictsPath(space.id, cr.number)}
          csrf={person.csrf}
          label="Resolve the conflicts and update from main"
        >
          <input type="hidden" name="count" value={String(view.conflicts.length)} />
          {view.conflicts.map((item, index) => (
            <ConflictEntry item={item} index={index} ctx={view.context} />
          ))}
          <Submit label="Update from main" />
        </AppForm>
      ) : null}
    </Workspace>
  );
}
