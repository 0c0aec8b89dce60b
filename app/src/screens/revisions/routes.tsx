import { Hono, type Context } from "hono";
import type { ChangeRequest } from "../../api/change-request-types";
import { formAction, type Render } from "../../http/form-action";
import { htmlResponse } from "../../http/responses";
import type { ScreenEnv } from "../../http/screen-env";
import { messageResponse, notFoundResponse } from "../../layout/message";
import { htmlDocument } from "../../layout/shell";
import { personOr } from "../../session/session";
import { changeRequestPath } from "../changes/paths";
import { NoSuchPage } from "../space/load";
import { HistoryScreen } from "./history-view";
import { loadHistory, loadRevert, loadRevision, revisionApi } from "./load";
import { RevertScreen } from "./revert-view";
import { RevisionScreen } from "./revision-view";

/**
 * The history and revision screens (`urls.app` of a revision, `/s/{spaceId}/~/revisions/{id}`,
 * and of its pages, `…/{page path}`), a space's and a page's history (`/s/{spaceId}/~/revisions`,
 * `?page={pageId}`), and the revert: a confirmation (`…/~revert`, `?page=` for one page), then one
 * API call (`POST /v1/spaces/{id}/revisions/{id}/revert`) that opens a change request, shown next.
 */
export const revisionRoutes = new Hono<ScreenEnv>();

/** The page path of a request under a revision's screen, decoded: null for none, undefined when bad. */
function pagePathOf(c: Context<ScreenEnv>): string | null | undefined {
  const pathname = new URL(c.req.url).pathname;
  const marker = "/~/revisions/";
  const rest = pathname
    .slice(pathname.indexOf(marker) + marker.length)
    .split("/")
    .slice(1);
  try {
    const path = rest
      .filter((s) => s !== "")
      .map(decodeURIComponent)
      .join("/");
    return path === "" ? null : path;
  } catch {
    return undefined;
  }
}

revisionRoutes.get("/s/:space/~/revisions", async (c) => {
  const person = await personOr(c);
  if (person instanceof Response) return person;
  const view = await loadHistory(
    c.var.api,
    c.req.param("space"),
    c.req.query("page") || undefined,
    c.req.query("after") || undefined,
  );
  return htmlResponse(htmlDocument(<HistoryScreen person={person} view={view} />));
});

/** The revert confirmation of `:revision` (`?page=`: one page), with a refusal's reason. */
const revertScreen: Render = async (c, extra, status = 200) => {
  const person = await personOr(c);
  if (person instanceof Response) return person;
  try {
    const view = await loadRevert(
      c.var.api,
      c.req.param("space") ?? "",
      c.req.param("revision") ?? "",
      c.req.query("page") || undefined,
    );
    if (view.space.permissions?.edit !== true) {
      return messageResponse(
        {
          title: "Not allowed",
          message: <p>Your role in this space lets you read its history, not revert it.</p>,
          links: [["Back to the revision", c.req.path.replace(/\/~revert$/, "")]],
        },
        403,
      );
    }
    return htmlResponse(
      htmlDocument(<RevertScreen person={person} view={view} error={extra.error} />),
      status,
    );
  } catch (error) {
    if (error instanceof NoSuchPage) return notFoundResponse(person);
    throw error;
  }
};

revisionRoutes.get("/s/:space/~/revisions/:revision/~revert", (c) => revertScreen(c, {}));

formAction<ChangeRequest>(revisionRoutes, "/s/:space/~/revisions/:revision/~revert", {
  done: "reverted",
  render: revertScreen,
  back: (c, opened) => changeRequestPath(c.req.param("space") ?? "", opened.number),
  call: (c, form) => {
    const subject = form.text("subject").trim();
    const page = c.req.query("page");
    const at = revisionApi(c.req.param("space") ?? "", c.req.param("revision") ?? "");
    return c.var.api.post<ChangeRequest>(`${at}/revert`, {
      csrf: form.csrf,
      body: { ...(subject ? { subject } : {}), ...(page ? { page } : {}) },
    });
  },
});

/** A revision's screen, at its overview or one of its pages. */
async function revisionScreen(c: Context<ScreenEnv>, pagePath: string | null): Promise<Response> {
  const person = await personOr(c);
  if (person instanceof Response) return person;
  try {
    const view = await loadRevision(
      c.var.api,
      c.req.param("space") ?? "",
      c.req.param("revision") ?? "",
      pagePath,
    );
    return htmlResponse(htmlDocument(<RevisionScreen person={person} view={view} />));
  } catch (error) {
    if (error instanceof NoSuchPage) return notFoundResponse(person);
    throw error;
  }
}

revisionRoutes.get("/s/:space/~/revisions/:revision", (c) => revisionScreen(c, null));

revisionRoutes.get("/s/:space/~/revisions/:revision/*", (c) => {
  const path = pagePathOf(c);
  return path === undefined ? notFoundResponse() : revisionScreen(c, path);
});
