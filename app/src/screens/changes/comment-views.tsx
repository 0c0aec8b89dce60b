import { raw } from "hono/html";
import type { Comment, CommentReply, Reaction } from "../../api/review-types";
import { when } from "../../layout/format";
import { AppForm, Submit, TextArea } from "../../layout/forms";
import type { SignedIn } from "../../session/session";
import { bodyHtml, bodyMarkdown } from "./bodies";
import type { Thread } from "./review-load";

/**
 * A change request's comment threads as the screens show them: each comment and its replies
 * (bodies rendered from their Documents), with the forms the API allows the person — reply,
 * resolve or reopen, edit and delete their own, react — and the form of a new comment, on the
 * change request or on one block. Plain forms: all of it works without JavaScript.
 */

/** The reactions offered on every comment and reply. */
const QUICK_REACTIONS = ["👍", "🎉", "❤️", "👀"] as const;

/** Where a form of the threads posts, and which screen it comes back to. */
export interface ThreadPlace {
  person: SignedIn;
  /** The change request's app path. */
  base: string;
  /** The person's comment role on the space. */
  canComment: boolean;
  /** `?from=diff` when the threads are drawn on the diff view. */
  from: string;
}

/** The reaction buttons of a comment or reply (one toggles the person's own reaction). */
function Reactions(props: { place: ThreadPlace; path: string; reactions: Reaction[] }) {
  const { place } = props;
  const me = place.person.user.id;
  const shown = new Map(props.reactions.map((r) => [r.emoji, r]));
  for (const emoji of QUICK_REACTIONS)
    if (!shown.has(emoji)) shown.set(emoji, { emoji, count: 0, users: [] });
  const mine = (r: Reaction) => r.users.some((u) => u.user.id === me);
  if (!place.canComment) {
    if (props.reactions.length === 0) return null;
    return <p class="a-meta">{props.reactions.map((r) => `${r.emoji} ${r.count}`).join("  ")}</p>;
  }
  return (
    <AppForm
      action={`${props.path}/react${place.from}`}
      csrf={place.person.csrf}
      class="a-reactions"
      label="Reactions"
    >
      {[...shown.values()].map((r) => (
        <button
          type="submit"
          name="reaction"
          value={`${mine(r) ? "remove" : "add"}:${r.emoji}`}
          class="a-button a-button-secondary"
          aria-pressed={mine(r) ? "true" : "false"}
          aria-label={`React ${r.emoji}${r.count ? ` (${r.count})` : ""}`}
        >
          {r.count ? `${r.emoji} ${r.count}` : r.emoji}
        </button>
      ))}
    </AppForm>
  );
}

/** One comment or reply: who, when, its body, and the edit and delete forms it allows. */
function Post(props: { place: ThreadPlace; path: string; post: CommentReply; what: string }) {
  const { place, post, path } = props;
  const idBase = `edit-${post.id}`;
  return (
    <article class="a-post" aria-label={`${props.what} by ${post.postedBy.displayName}`}>
      <p class="a-meta">
        <strong>{post.postedBy.displayName}</strong>
        {`, ${when(post.postedAt)}${post.editedAt ? " (edited)" : ""}`}
      </p>
      <div class="a-sp-document a-post-body">{raw(bodyHtml(post.body))}</div>
      <Reactions place={place} path={path} reactions={post.reactions} />
      {post.permissions.edit ? (
        <details class="a-post-edit">
          <summary>{`Edit this ${props.what.toLowerCase()}`}</summary>
          <AppForm
            action={`${path}/edit${place.from}`}
            csrf={place.person.csrf}
            label={`Edit ${props.what.toLowerCase()}`}
          >
            <TextArea
              id={idBase}
              name="body"
              label="Text"
              value={bodyMarkdown(post.body)}
              required
              maxlength={100000}
            />
            <Submit label="Save" kind="secondary" />
          </AppForm>
        </details>
      ) : null}
      {post.permissions.delete ? (
        <AppForm
          action={`${path}/delete${place.from}`}
          csrf={place.person.csrf}
          class="a-inline-form"
          label={`Delete ${props.what.toLowerCase()}`}
        >
          <Submit label={`Delete ${props.what.toLowerCase()}`} kind="danger" />
        </AppForm>
      ) : null}
    </article>
  );
}

/** One thread: its comment, replies, the reply form and resolve/reopen. */
export function ThreadView(props: { place: ThreadPlace; thread: Thread }) {
  const { place } = props;
  const { comment, replies } = props.thread;
  const path = `${place.base}/comments/${encodeURIComponent(comment.id)}`;
  const resolved = comment.status === "resolved";
  return (
    <section
      class={`a-thread${resolved ? " a-thread-resolved" : ""}`}
      id={`comment-${comment.id}`}
      aria-label={`Comment thread of ${comment.postedBy.displayName}`}
    >
      {resolved ? (
        <p class="a-badge">{`Resolved${comment.resolvedBy ? ` by ${comment.resolvedBy.displayName}` : ""}`}</p>
      ) : null}
      <Post place={place} path={path} post={comment} what="Comment" />
      {replies.length > 0 ? (
        <ol class="a-replies" aria-label="Replies">
          {replies.map((reply) => (
            <li>
              <Post
                place={place}
                path={`${path}/replies/${encodeURIComponent(reply.id)}`}
                post={reply}
                what="Reply"
              />
            </li>
          ))}
        </ol>
      ) : null}
      {place.canComment ? (
        <div class="a-thread-actions">
          <AppForm action={`${path}/replies${place.from}`} csrf={place.person.csrf} label="Reply">
            <TextArea
              id={`reply-${comment.id}`}
              name="body"
              label="Reply"
              required
              maxlength={100000}
            />
            <Submit label="Reply" kind="secondary" />
          </AppForm>
          <AppForm
            action={`${path}/resolve${place.from}`}
            csrf={place.person.csrf}
            class="a-inline-form"
            label={resolved ? "Reopen" : "Resolve"}
          >
            <input type="hidden" name="resolved" value={resolved ? "false" : "true"} />
            <Submit label={resolved ? "Reopen" : "Resolve"} kind="secondary" />
          </AppForm>
        </div>
      ) : null}
    </section>
  );
}

/** The form of a new comment: on the change request, or on block `node` of page `page`. */
export function NewComment(props: {
  place: ThreadPlace;
  id: string;
  label: string;
  page?: string;
  node?: string;
}) {
  const { place } = props;
  if (!place.canComment) return null;
  return (
    <AppForm
      action={`${place.base}/comments${place.from}`}
      csrf={place.person.csrf}
      label={props.label}
    >
      {props.page ? <input type="hidden" name="page" value={props.page} /> : null}
      {props.node ? <input type="hidden" name="node" value={props.node} /> : null}
      <TextArea
        id={props.id}
        name="body"
        label={props.label}
        hint="Markdown works."
        required
        maxlength={100000}
      />
      <Submit label="Comment" kind="secondary" />
    </AppForm>
  );
}

/** The threads anchored on block `node` (the diff view draws them beside it). */
export function threadsOn(threads: readonly Thread[], node: string): Thread[] {
  return threads.filter((t) => t.comment.target.node?.id === node);
}

/** A comment's short description of its anchor, for the change request's screen. */
export function anchorOf(comment: Comment): string | null {
  return comment.target.node ? "On a block" : comment.target.page ? "On a page" : null;
}
