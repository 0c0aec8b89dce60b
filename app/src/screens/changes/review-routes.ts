import type { Context, Hono } from "hono";
import { formAction, type Render } from "../../http/form-action";
import type { FormPost } from "../../http/forms";
import type { ScreenEnv } from "../../http/screen-env";
import { documentOfMarkdown } from "./bodies";
import { changeRequestApiPath } from "./load";
import { changeRequestPath, diffPath } from "./paths";

/**
 * The forms of a change request's reviews and comments, each one API call through
 * http/form-action.ts: submit a review (approve or request changes, with a comment), ask and
 * un-ask reviewers, post a comment (on the change request or on one block of a page), reply,
 * resolve or reopen, edit, delete and react. A form drawn on the diff view (`?from=diff`) comes
 * back to the diff view, and a refusal is shown there.
 */

/** The screens a refusal renders: the change request's and its diff view. */
export interface ReviewRenders {
  one: Render;
  diff: Render;
}

type Call = (c: Context<ScreenEnv>, path: string, form: FormPost) => Promise<unknown>;

/** The change request's API path of this request. */
function apiPath(c: Context<ScreenEnv>): string {
  return changeRequestApiPath(c.req.param("space") ?? "", c.req.param("number") ?? "");
}

/** A comment's markdown body, as the comment operations take it. */
function markdownBody(form: FormPost) {
  return { markdown: form.text("body").trim() };
}

/** A reaction button's `add:👍` or `remove:👍`, as the update operations take it. */
function reactionEdit(form: FormPost) {
  const [op, ...rest] = form.text("reaction").split(":");
  const emoji = rest.join(":");
  return op === "remove" ? { removedReactions: [emoji] } : { addedReactions: [emoji] };
}

/** The path of the comment (`:comment`) or reply (`:reply`) the form's URL names. */
function postPath(c: Context<ScreenEnv>, reply: boolean): string {
  const comment = `${apiPath(c)}/comments/${encodeURIComponent(c.req.param("comment") ?? "")}`;
  return reply ? `${comment}/replies/${encodeURIComponent(c.req.param("reply") ?? "")}` : comment;
}

/** Registers the review and comment forms on `routes`. */
export function registerReviewActions(routes: Hono<ScreenEnv>, renders: ReviewRenders): void {
  const fromDiff = (c: Context<ScreenEnv>) => c.req.query("from") === "diff";
  const action = (rest: string, done: string, call: Call) =>
    formAction(routes, `/s/:space/~/changes/:number{[0-9]+}/${rest}`, {
      done,
      render: (c, extra, status) => (fromDiff(c) ? renders.diff : renders.one)(c, extra, status),
      back: (c) => {
        const space = c.req.param("space") ?? "";
        const number = c.req.param("number") ?? "";
        return fromDiff(c) ? diffPath(space, number) : changeRequestPath(space, number);
      },
      call: (c, form) => call(c, apiPath(c), form),
    });

  action("reviews", "reviewed", (c, path, form) => {
    const comment = form.text("comment").trim();
    return c.var.api.post(`${path}/reviews`, {
      csrf: form.csrf,
      body: {
        status: form.text("status"),
        ...(comment ? { comment: documentOfMarkdown(comment) } : {}),
      },
    });
  });
  action("reviewers", "asked", (c, path, form) =>
    c.var.api.post(`${path}/requested-reviewers`, {
      csrf: form.csrf,
      body: { users: [form.text("user")] },
    }),
  );
  action("reviewers/:user/remove", "unasked", (c, path, form) =>
    c.var.api.delete(
      `${path}/requested-reviewers/${encodeURIComponent(c.req.param("user") ?? "")}`,
      {
        csrf: form.csrf,
      },
    ),
  );
  action("comments", "commented", (c, path, form) => {
    const page = form.text("page");
    const node = form.text("node");
    return c.var.api.post(`${path}/comments`, {
      csrf: form.csrf,
      body: { body: markdownBody(form), ...(page ? { page } : {}), ...(node ? { node } : {}) },
    });
  });
  action("comments/:comment/replies", "replied", (c, _path, form) =>
    c.var.api.post(`${postPath(c, false)}/replies`, {
      csrf: form.csrf,
      body: { body: markdownBody(form) },
    }),
  );
  action("comments/:comment/resolve", "resolved", (c, _path, form) =>
    c.var.api.put(postPath(c, false), {
      csrf: form.csrf,
      body: { resolved: form.text("resolved") === "true" },
    }),
  );
  for (const reply of [false, true]) {
    const at = reply ? "comments/:comment/replies/:reply" : "comments/:comment";
    action(`${at}/edit`, "edited", (c, _path, form) =>
      c.var.api.put(postPath(c, reply), { csrf: form.csrf, body: { body: markdownBody(form) } }),
    );
    action(`${at}/delete`, "deleted", (c, _path, form) =>
      c.var.api.delete(postPath(c, reply), { csrf: form.csrf }),
    );
    action(`${at}/react`, "reacted", (c, _path, form) =>
      c.var.api.put(postPath(c, reply), { csrf: form.csrf, body: reactionEdit(form) }),
    );
  }
}
