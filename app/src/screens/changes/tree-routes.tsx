import type { Context, Hono } from "hono";
import { ApiRefusal } from "../../api/client";
import { doneMessage, formAction, type Render } from "../../http/form-action";
import type { FormPost } from "../../http/forms";
import { htmlResponse } from "../../http/responses";
import type { ScreenEnv } from "../../http/screen-env";
import { htmlDocument } from "../../layout/shell";
import { personOr } from "../../session/session";
import { changeRequestApiPath } from "./load";
import { pagesPath } from "./paths";
import { duplicateChanges, type SubtreeRead } from "./tree-duplicate";
import { findPage, loadTree, placeOf, type Place } from "./tree-load";
import { DeleteScreen, TreeScreen } from "./tree-view";

/**
 * The page tree screen of a change request (`/s/{space}/~/changes/{number}/~/pages`) and its
 * forms, each one content batch (`POST …/change-requests/{number}/content`, the duplicate
 * after one read of the page with its sub-pages): add (`insert_page` at a place), rename and move (`update_page`
 * title, or `into` and `at`), duplicate (`insert_page` of the page's copy after it, and of each
 * sub-page's into it when asked: tree-duplicate.ts) and delete
 * (`delete_page`, after its confirmation screen). A refusal shows the tree with its reason.
 */

/** What the tree screen says after each form. */
const DONE = {
  added: "Page added.",
  moved: "Page moved.",
  renamed: "Page renamed.",
  duplicated: "Page duplicated.",
  deleted: "Page deleted.",
} as const;

const ROOT = "/s/:space/~/changes/:number{[0-9]+}/~/pages";

const params = (c: Context<ScreenEnv>) => ({
  space: c.req.param("space") ?? "",
  number: c.req.param("number") ?? "",
});

/** The tree screen, with a refusal's reason or what was done. */
const treeScreen: Render = async (c, extra, status = 200) => {
  const person = await personOr(c);
  if (person instanceof Response) return person;
  const { space, number } = params(c);
  const view = await loadTree(c.var.api, space, number);
  return htmlResponse(
    htmlDocument(<TreeScreen person={person} view={view} error={extra.error} done={extra.done} />),
    status,
  );
};

/** A place the form sent, or a 400 naming the field. */
function placeField(form: FormPost, name: string): Place {
  const place = placeOf(form.text(name));
  if (!place) throw new ApiRefusal(400, `${name}: not a place in the tree`);
  return place;
}

/** Registers one tree form: its content changes, then back to the tree saying `done`. */
function treeAction(
  routes: Hono<ScreenEnv>,
  action: string,
  done: keyof typeof DONE,
  changes: (c: Context<ScreenEnv>, form: FormPost, crPath: string) => Promise<object[]>,
) {
  formAction(routes, `${ROOT}/${action}`, {
    done,
    render: treeScreen,
    back: (c) => pagesPath(params(c).space, params(c).number),
    call: async (c, form) => {
      const crPath = changeRequestApiPath(params(c).space, params(c).number);
      const body = { changes: await changes(c, form, crPath) };
      return c.var.api.post(`${crPath}/content`, { csrf: form.csrf, body });
    },
  });
}

/** The new page's fields: its title and where it goes. */
const titleOf = (form: FormPost) => form.text("title").trim();

/** Registers the tree screen, its delete confirmation and its forms on `routes`. */
export function registerTreeRoutes(routes: Hono<ScreenEnv>): void {
  routes.get(ROOT, (c) => treeScreen(c, { done: doneMessage(c, DONE) }));
  routes.get(`${ROOT}/:page/delete`, async (c) => {
    const person = await personOr(c);
    if (person instanceof Response) return person;
    const view = await loadTree(c.var.api, params(c).space, params(c).number);
    const found = findPage(view.pages, c.req.param("page"));
    if (!found || !view.canEdit) return c.notFound();
    return htmlResponse(
      htmlDocument(<DeleteScreen person={person} view={view} page={found.page} />),
    );
  });
  treeAction(routes, "add", "added", async (_c, form) => {
    const { into, at } = placeField(form, "place");
    const title = titleOf(form);
    return [{ operation: "insert_page", title, document: {}, ...(into ? { into } : {}), at }];
  });
  treeAction(routes, ":page/move", "moved", async (c, form) => {
    const { into, at } = placeField(form, "to");
    return [{ operation: "update_page", page: c.req.param("page"), into, at }];
  });
  treeAction(routes, ":page/rename", "renamed", async (c, form) => [
    { operation: "update_page", page: c.req.param("page"), title: titleOf(form) },
  ]);
  treeAction(routes, ":page/delete", "deleted", async (c) => [
    { operation: "delete_page", page: c.req.param("page") },
  ]);
  treeAction(routes, ":page/duplicate", "duplicated", async (c, form, crPath) => {
    const id = c.req.param("page") ?? "";
    const [read, tree] = await Promise.all([
      c.var.api.get<SubtreeRead>(`${crPath}/content/page/${encodeURIComponent(id)}`),
      loadTree(c.var.api, params(c).space, params(c).number),
    ]);
    const found = findPage(tree.pages, id);
    if (!found) throw new ApiRefusal(409, "page: it is no longer in this change request");
    return duplicateChanges(read, found, form.text("with") === "sub-pages");
  });
}
