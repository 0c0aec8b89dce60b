/**
 * Drag and drop on the page tree of a change request (app/src/screens/changes/tree-view.tsx,
 * issue 37): a page's row dragged onto another row's top third goes before it, its bottom third
 * after it, its middle inside it (not into a link page, nor into the page's own sub-pages). The
 * drop posts the page's own move form with the place (`to`, "<parent id>:<at>") — the same form,
 * and so the same `update_page`, as the Up / Down / Indent / Outdent buttons, which stay the
 * keyboard's way. Without this script, or for a reader (no move forms), the rows do not drag.
 */

type Where = "before" | "after" | "inside";

/** A page's item in the tree: its id, its parent's id (null at the top) and its index. */
interface Spot {
  item: HTMLLIElement;
  id: string;
  parent: string | null;
  index: number;
}

const itemOf = (el: Element | null): HTMLLIElement | null =>
  el?.closest<HTMLLIElement>("li[data-page-id]") ?? null;

function spotOf(item: HTMLLIElement): Spot {
  const siblings = [...(item.parentElement?.children ?? [])];
  return {
    item,
    id: item.dataset.pageId ?? "",
    parent: itemOf(item.parentElement)?.dataset.pageId ?? null,
    index: siblings.indexOf(item),
  };
}

/** The page's move form (the buttons' form: it carries the CSRF token). */
const moveForm = (item: HTMLLIElement): HTMLFormElement | null =>
  item.querySelector<HTMLFormElement>(":scope > .q-tree-row form[action$='/move']");

/** Where on `row` the pointer at `clientY` drops (a link page takes nothing inside). */
function whereOn(row: HTMLElement, clientY: number, canHold: boolean): Where {
  const rect = row.getBoundingClientRect();
  const share = (clientY - rect.top) / Math.max(1, rect.height);
  if (canHold && share > 1 / 3 && share < 2 / 3) return "inside";
  return share < 0.5 ? "before" : "after";
}

/** `update_page`'s place for `moved` dropped `where` on `target` (`at` counts without it). */
function placeFor(moved: Spot, target: Spot, where: Where): string | null {
  if (moved.item.contains(target.item)) return null;
  if (where === "inside") {
    const list = target.item.querySelector(":scope > ol");
    const children = [...(list?.children ?? [])].filter((child) => child !== moved.item);
    return `${target.id}:${children.length}`;
  }
  const sameParent = moved.parent === target.parent;
  let at = target.index + (where === "after" ? 1 : 0);
  if (sameParent && moved.index < target.index) at -= 1;
  if (sameParent && at === moved.index) return null;
  return `${target.parent ?? ""}:${at}`;
}

function enhance(tree: HTMLElement): void {
  let dragged: Spot | null = null;
  let marked: HTMLElement | null = null;
  const mark = (row: HTMLElement | null, where?: Where) => {
    if (marked && marked !== row) delete marked.dataset.drop;
    marked = row;
    if (row && where) row.dataset.drop = where;
  };
  const target = (event: DragEvent) => {
    const row = (event.target as Element | null)?.closest<HTMLElement>(".q-tree-row") ?? null;
    const item = itemOf(row);
    if (!dragged || !row || !item || item === dragged.item) return null;
    const spot = spotOf(item);
    const where = whereOn(row, event.clientY, item.dataset.pageType !== "link");
    const place = placeFor(dragged, spot, where);
    return place ? { row, where, place } : null;
  };
  for (const row of tree.querySelectorAll<HTMLElement>(".q-tree-row")) {
    const item = itemOf(row);
    if (!item || !moveForm(item)) continue;
    row.draggable = true;
    row.addEventListener("dragstart", (event) => {
      dragged = spotOf(item);
      event.dataTransfer?.setData("text/plain", item.dataset.pageTitle ?? "");
      if (event.dataTransfer) event.dataTransfer.effectAllowed = "move";
    });
    row.addEventListener("dragend", () => {
      dragged = null;
      mark(null);
    });
  }
  tree.addEventListener("dragover", (event) => {
    const found = target(event);
    mark(found?.row ?? null, found?.where);
    if (!found) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = "move";
  });
  tree.addEventListener("drop", (event) => {
    const found = target(event);
    const form = dragged ? moveForm(dragged.item) : null;
    mark(null);
    if (!found || !form) return;
    event.preventDefault();
    const to = document.createElement("input");
    to.type = "hidden";
    to.name = "to";
    to.value = found.place;
    form.append(to);
    form.submit();
  });
}

const tree = document.querySelector<HTMLElement>("[data-page-tree]");
if (tree) enhance(tree);
