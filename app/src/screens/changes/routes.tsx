import { Hono, type Context } from "hono";
import type { ChangeRequest } from "../../api/change-request-types";
import { doneMessage, formAction, type Render } from "../../http/form-action";
import type { FormPost } from "../../http/forms";
import { htmlResponse } from "../../http/responses";
import type { ScreenEnv } from "../../http/screen-env";
import { htmlDocument } from "../../layout/shell";
import { personOr } from "../../session/session";
import { changeRequestApiPath, loadList, loadOne, spaceApiPath, statusOf } from "./load";
import { changeRequestPath } from "./paths";
import { DONE_MESSAGES, REVIEW_DONE_MESSAGES } from "./labels";
import { loadDiff } from "./diff-load";
import { DiffScreen } from "./diff-view";
import { loadConflicts, resolutionsOf } from "./conflicts-load";
import { ConflictsScreen } from "./conflicts-view";
import { registerReviewActions } from "./review-routes";
import { registerTreeRoutes } from "./tree-routes";
import { registerEditAction } from "./edit-action";

/** Every message the change request's screens say after a form. */
const ALL_DONE = { ...DONE_MESSAGES, ...REVIEW_DONE_MESSAGES };
import { ChangeRequestListScreen, ChangeRequestScreen } from "./views";

/**
 * The change-request screens (`urls.app` of a change request: `/s/{spaceId}/~/changes/{number}`)
 * and their forms, each one API call through http/form-action.ts: a redirect to the change
 * request saying what was done, or the screen again with the API's reason (a merge conflict, a
 * role that may not, a subject too long) and its status. Pages inside a change request
 * (`/s/{spaceId}/~/changes/{number}/{path}`) are the editor's screen.
 */
export const changesRoutes = new Hono<ScreenEnv>();

/** The list screen of `:space` (open change requests), with a refusal's reason. */
const listScreen: Render = async (c, extra, status = 200) => {
  const person = await personOr(c);
  if (person instanceof Response) return person;
  const view = await loadList(
    c.var.api,
    c.req.param("space") ?? "",
    statusOf(c.req.query("status")),
    c.req.query("page"),
  );
  return htmlResponse(
    htmlDocument(<ChangeRequestListScreen person={person} view={view} error={extra.error} />),
    status,
  );
};

/** The screen of change request `:number` of `:space`, with a refusal's reason or what was done. */
const oneScreen: Render = async (c, extra, status = 200) => {
  const person = await personOr(c);
  if (person instanceof Response) return person;
  const search = (c.req.query("who") ?? "").trim().slice(0, 100);
  const view = await loadOne(
    c.var.api,
    c.req.param("space") ?? "",
    c.req.param("number") ?? "",
    search,
  );
  return htmlResponse(
    htmlDocument(
      <ChangeRequestScreen person={person} view={view} error={extra.error} done={extra.done} />,
    ),
    status,
  );
};

/** The diff view of change request `:number`, with a refusal's reason or what was done. */
const diffScreen: Render = async (c, extra, status = 200) => {
  const person = await personOr(c);
  if (person instanceof Response) return person;
  const view = await loadDiff(c.var.api, c.req.param("space") ?? "", c.req.param("number") ?? "");
  return htmlResponse(
    htmlDocument(<DiffScreen person={person} view={view} error={extra.error} done={extra.done} />),
    status,
  );
};

/** The conflicts of update from main for change request `:number`, with a refusal's reason. */
const conflictsScreen: Render = async (c, extra, status = 200) => {
  const person = await personOr(c);
  if (person instanceof Response) return person;
  const view = await loadConflicts(
    c.var.api,
    c.req.param("space") ?? "",
    c.req.param("number") ?? "",
  );
  return htmlResponse(
    htmlDocument(<ConflictsScreen person={person} view={view} error={extra.error} />),
    status,
  );
};

changesRoutes.get("/s/:space/~/changes", (c) => listScreen(c, {}));
registerEditAction(changesRoutes, listScreen);

formAction<ChangeRequest>(changesRoutes, "/s/:space/~/changes", {
  done: "created",
  render: listScreen,
  back: (c, created) => changeRequestPath(c.req.param("space") ?? "", created.number),
  call: (c, form) => {
    const subject = form.text("subject").trim();
    return c.var.api.post<ChangeRequest>(
      `${spaceApiPath(c.req.param("space") ?? "")}/change-requests`,
      {
        csrf: form.csrf,
        body: subject ? { subject } : {},
      },
    );
  },
});

changesRoutes.get("/s/:space/~/changes/:number{[0-9]+}", (c) =>
  oneScreen(c, { done: doneMessage(c, ALL_DONE) }),
);

changesRoutes.get("/s/:space/~/changes/:number{[0-9]+}/~/diff", (c) =>
  diffScreen(c, { done: doneMessage(c, ALL_DONE) }),
);

registerReviewActions(changesRoutes, { one: oneScreen, diff: diffScreen });
registerTreeRoutes(changesRoutes);

/** A form of one change request: `call` with its API path, then back to it saying `done`. */
function crAction(
  action: string,
  done: string,
  call: (c: Context<ScreenEnv>, path: string, form: FormPost) => Promise<unknown>,
) {
  formAction(changesRoutes, `/s/:space/~/changes/:number{[0-9]+}/${action}`, {
    done,
    render: oneScreen,
    back: (c) => changeRequestPath(c.req.param("space") ?? "", c.req.param("number") ?? ""),
    call: (c, form) =>
      call(c, changeRequestApiPath(c.req.param("space") ?? "", c.req.param("number") ?? ""), form),
  });
}

crAction("merge", "merged", (c, path, form) =>
  c.var.api.post(`${path}/merge`, { csrf: form.csrf }),
);
// Update from main answers its refusal (a conflict) with the conflicts screen and its form.
for (const action of ["update", "~/conflicts"]) {
  formAction(changesRoutes, `/s/:space/~/changes/:number{[0-9]+}/${action}`, {
    done: "updated",
    render: conflictsScreen,
    back: (c) => changeRequestPath(c.req.param("space") ?? "", c.req.param("number") ?? ""),
    call: (c, form) =>
      c.var.api.post(
        `${changeRequestApiPath(c.req.param("space") ?? "", c.req.param("number") ?? "")}/update`,
        { csrf: form.csrf, body: { resolutions: resolutionsOf(form) } },
      ),
  });
}

changesRoutes.get("/s/:space/~/changes/:number{[0-9]+}/~/conflicts", (c) => conflictsScreen(c, {}));
crAction("status", "status", (c, path, form) =>
  c.var.api.patch(path, { csrf: form.csrf, body: { status: form.text("status") } }),
);
crAction("subject", "renamed", (c, path, form) =>
  c.var.api.patch(path, { csrf: form.csrf, body: { subject: form.text("subject").trim() } }),
);
