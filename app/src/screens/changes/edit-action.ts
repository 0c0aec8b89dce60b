import type { Context, Hono } from "hono";
import type { Api } from "../../api/client";
import type { ChangeRequest } from "../../api/change-request-types";
import { formAction, type Render } from "../../http/form-action";
import type { ScreenEnv } from "../../http/screen-env";
import { signedIn } from "../../session/session";
import { spaceApiPath } from "./load";
import { changeRequestPath, pageInChangeRequestPath } from "./paths";

/**
 * "Edit" on a page of a space, GitBook's flow: it opens the person's own draft change request of
 * the space (the one they touched last), or a new one when they have none, at the same page in
 * the editor (`/s/{space}/~/changes/{number}/{page path}`); without a page (a space with no pages
 * yet), the change request itself. One form post (`POST /s/{space}/~/edit`, field `page`: the
 * page's path), through `formAction` as every form: a refusal (a reader, a closed space) shows
 * the change requests screen with the API's reason.
 */

/** What the action found or made, and where the person goes. */
interface Opened {
  changeRequest: Pick<ChangeRequest, "number">;
  pagePath: string;
}

/** The person's latest draft change request of the space, or null. */
async function latestDraft(api: Api, spaceId: string, personId: string) {
  const page = await api.get<{ items: ChangeRequest[] }>(
    `${spaceApiPath(spaceId)}/change-requests`,
    { status: "draft", creator: personId, orderBy: "updatedAt", limit: 1 },
  );
  return page.items[0] ?? null;
}

/** Registers the "Edit" form's post on `routes`; a refusal renders with `render`. */
export function registerEditAction(routes: Hono<ScreenEnv>, render: Render): void {
  formAction<Opened>(routes, "/s/:space/~/edit", {
    done: "editing",
    render,
    back: (c: Context<ScreenEnv>, opened) => {
      const spaceId = c.req.param("space") ?? "";
      const number = opened.changeRequest.number;
      return opened.pagePath
        ? pageInChangeRequestPath(spaceId, number, opened.pagePath)
        : changeRequestPath(spaceId, number);
    },
    call: async (c, form) => {
      const spaceId = c.req.param("space") ?? "";
      const pagePath = form.text("page").trim().slice(0, 2000);
      const person = await signedIn(c);
      const draft = person ? await latestDraft(c.var.api, spaceId, person.user.id) : null;
      const changeRequest =
        draft ??
        (await c.var.api.post<ChangeRequest>(`${spaceApiPath(spaceId)}/change-requests`, {
          csrf: form.csrf,
          body: {},
        }));
      return { changeRequest, pagePath };
    },
  });
}
