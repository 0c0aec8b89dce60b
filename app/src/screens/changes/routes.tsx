import { Hono, type Context } from "hono";
import { isRefusal } from "../../api/client";
import type { ChangeRequest } from "../../api/change-request-types";
import { readForm, type FormPost } from "../../http/forms";
import { htmlResponse, seeOther } from "../../http/responses";
import type { ScreenEnv } from "../../http/screen-env";
import { htmlDocument } from "../../layout/shell";
import { personOr } from "../../session/session";
import { changeRequestApiPath, loadList, loadOne, spaceApiPath, statusOf } from "./load";
import { changeRequestPath } from "./paths";
import { ChangeRequestListScreen, ChangeRequestScreen, DONE_MESSAGES } from "./views";

/**
 * The change-request screens (`urls.app` of a change request: `/s/{spaceId}/~/changes/{number}`)
 * and their forms. Each form is one API call, then a redirect to the change request saying what
 * was done, or the screen again with the API's reason (a merge conflict, a role that may not,
 * a subject too long) and its status. Pages inside a change request
 * (`/s/{spaceId}/~/changes/{number}/{path}`) are the editor's screen.
 */
export const changesRoutes = new Hono<ScreenEnv>();

/** The refusals a form shows on its screen; anything else goes to the app's error pipeline. */
const SHOWN = [400, 403, 409, 422] as const;

changesRoutes.get("/s/:space/~/changes", async (c) => {
  const person = await personOr(c);
  if (person instanceof Response) return person;
  const view = await loadList(
    c.var.api,
    c.req.param("space"),
    statusOf(c.req.query("status")),
    c.req.query("page"),
  );
  return htmlResponse(htmlDocument(<ChangeRequestListScreen person={person} view={view} />));
});

changesRoutes.post("/s/:space/~/changes", async (c) => {
  const form = await readForm(c);
  const spaceId = c.req.param("space");
  const subject = form.text("subject").trim();
  try {
    const created = await c.var.api.post<ChangeRequest>(
      `${spaceApiPath(spaceId)}/change-requests`,
      {
        csrf: form.csrf,
        body: subject ? { subject } : {},
      },
    );
    return seeOther(`${changeRequestPath(spaceId, created.number)}?done=created`);
  } catch (error) {
    if (!isRefusal(error, ...SHOWN)) throw error;
    const person = await personOr(c);
    if (person instanceof Response) return person;
    const view = await loadList(c.var.api, spaceId, "open");
    return htmlResponse(
      htmlDocument(<ChangeRequestListScreen person={person} view={view} error={error.message} />),
      error.status,
    );
  }
});

/** The one-change-request screen, with a refusal's reason or a done message. */
async function oneScreen(c: Context<ScreenEnv>, error: string | null, status = 200) {
  const person = await personOr(c);
  if (person instanceof Response) return person;
  const view = await loadOne(c.var.api, c.req.param("space") ?? "", c.req.param("number") ?? "");
  const done = DONE_MESSAGES[c.req.query("done") ?? ""] ?? null;
  return htmlResponse(
    htmlDocument(<ChangeRequestScreen person={person} view={view} error={error} done={done} />),
    status,
  );
}

changesRoutes.get("/s/:space/~/changes/:number{[0-9]+}", (c) => oneScreen(c, null));

/** A form of one change request: `call` with the form, then back to it with `done`. */
function crAction(
  action: string,
  done: string,
  call: (c: Context<ScreenEnv>, path: string, form: FormPost) => Promise<unknown>,
) {
  changesRoutes.post(`/s/:space/~/changes/:number{[0-9]+}/${action}`, async (c) => {
    const form = await readForm(c);
    const spaceId = c.req.param("space");
    const number = c.req.param("number");
    try {
      await call(c, changeRequestApiPath(spaceId, number), form);
    } catch (error) {
      if (!isRefusal(error, ...SHOWN)) throw error;
      return oneScreen(c, error.message, error.status);
    }
    return seeOther(`${changeRequestPath(spaceId, number)}?done=${done}`);
  });
}

crAction("merge", "merged", (c, path, form) =>
  c.var.api.post(`${path}/merge`, { csrf: form.csrf }),
);
crAction("update", "updated", (c, path, form) =>
  c.var.api.post(`${path}/update`, { csrf: form.csrf }),
);
crAction("status", "status", (c, path, form) =>
  c.var.api.patch(path, { csrf: form.csrf, body: { status: form.text("status") } }),
);
crAction("subject", "renamed", (c, path, form) =>
  c.var.api.patch(path, { csrf: form.csrf, body: { subject: form.text("subject").trim() } }),
);
