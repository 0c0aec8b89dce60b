import { raw } from "hono/html";
import type { ChangeRequest } from "../../api/change-request-types";
import type { Space } from "../../api/content-types";
import type { User } from "../../api/types";
import { when } from "../../layout/format";
import { AppForm, Field, Select, Submit, TextArea } from "../../layout/forms";
import type { SignedIn } from "../../session/session";
import { bodyHtml } from "./bodies";
import { anchorOf, NewComment, ThreadView, type ThreadPlace } from "./comment-views";
import { REVIEW_LABELS } from "./labels";
import type { ReviewData } from "./review-load";

/**
 * The review parts of a change request's screen: who is asked to review (with the member picker
 * and removal for an editor), the reviews submitted (with their comments), the form to approve
 * or request changes for anyone the API lets review, why a merge must wait for approvals, and
 * the change request's comment threads. Each form is one API call; the API decides.
 */

interface Props {
  person: SignedIn;
  space: Space;
  cr: ChangeRequest;
  data: ReviewData;
  base: string;
}

/** Requested reviewers, with removal and the picker (a search, then a select of members). */
export function Reviewers(props: Props) {
  const { person, space, cr, data, base } = props;
  const canEdit = space.permissions?.edit === true && cr.status !== "merged";
  const asked = new Set(data.requested.map((r) => r.user.id));
  const offered = data.members.filter(
    (m) => m.user.id !== cr.createdBy.id && !asked.has(m.user.id),
  );
  return (
    <section class="a-section" aria-labelledby="cr-reviewers-heading">
      <h2 id="cr-reviewers-heading">Reviewers</h2>
      {data.requested.length === 0 ? (
        <p class="a-meta">No one is asked to review yet.</p>
      ) : (
        <ul class="a-list" aria-labelledby="cr-reviewers-heading">
          {data.requested.map((r) => (
            <li class="a-row">
              <span>{r.user.displayName}</span>
              <span class="a-meta">{`asked by ${r.requestedBy.displayName}, ${when(r.createdAt)}`}</span>
              {canEdit ? (
                <AppForm
                  action={`${base}/reviewers/${encodeURIComponent(r.user.id)}/remove`}
                  csrf={person.csrf}
                  class="a-inline-form"
                  label={`Remove ${r.user.displayName}`}
                >
                  <Submit label={`Remove ${r.user.displayName}`} kind="secondary" />
                </AppForm>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canEdit ? (
        <div class="a-picker">
          <form
            method="get"
            action={base}
            class="a-inline-form"
            role="search"
            aria-label="Find a member"
          >
            <Field name="who" id="cr-reviewer-search" label="Find a member" value={data.search} />
            <Submit label="Find" kind="secondary" />
          </form>
          {offered.length === 0 ? (
            <p class="a-meta">{data.search ? "No member matches." : "No other member to ask."}</p>
          ) : (
            <AppForm action={`${base}/reviewers`} csrf={person.csrf} label="Ask for a review">
              <Select
                id="cr-reviewer"
                name="user"
                label="Ask for a review"
                options={offered.map((m) => [m.user.id, m.user.displayName] as const)}
              />
              <Submit label="Ask to review" kind="secondary" />
            </AppForm>
          )}
        </div>
      ) : null}
    </section>
  );
}

/** The reviews submitted, and the form to submit one. */
export function Reviews(props: Props) {
  const { person, space, cr, data, base } = props;
  const requested = data.requested.some((r) => r.user.id === person.user.id);
  const mayReview =
    cr.createdBy.id !== person.user.id &&
    (cr.status === "open" || cr.status === "draft") &&
    (space.permissions?.review === true || requested);
  return (
    <section class="a-section" aria-labelledby="cr-reviews-heading">
      <h2 id="cr-reviews-heading">Reviews</h2>
      {data.reviews.length === 0 ? (
        <p class="a-meta">No reviews yet.</p>
      ) : (
        <ul class="a-list" aria-labelledby="cr-reviews-heading">
          {data.reviews.map((r) => (
            <li class="a-review">
              <p>
                <strong>{r.reviewer.displayName}</strong>{" "}
                <span class={`a-badge a-review-${r.status}`}>{REVIEW_LABELS[r.status]}</span>
                <span class="a-meta">{` ${when(r.createdAt)}${r.outdated ? " · on older content" : ""}`}</span>
              </p>
              {r.comment ? (
                <div class="a-sp-document a-post-body">{raw(bodyHtml(r.comment.body))}</div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {mayReview ? (
        <AppForm action={`${base}/reviews`} csrf={person.csrf} label="Submit a review">
          <fieldset class="a-field">
            <legend>Your review</legend>
            <label>
              <input type="radio" name="status" value="approved" required /> Approve
            </label>
            <label>
              <input type="radio" name="status" value="changes-requested" /> Request changes
            </label>
          </fieldset>
          <TextArea
            id="cr-review-comment"
            name="comment"
            label="Comment (optional)"
            hint="Markdown works."
            maxlength={100000}
          />
          <Submit label="Submit review" />
        </AppForm>
      ) : null}
    </section>
  );
}

/** Why the merge must wait: the approvals the merge rules still require. */
export function MergeWaits(props: { missing: User[] }) {
  if (props.missing.length === 0) return null;
  return (
    <p class="a-alert" id="cr-merge-waits">
      {`The merge rules require an approval of the latest content from ${props.missing
        .map((u) => u.displayName)
        .join(", ")} before this change request can merge.`}
    </p>
  );
}

/** The change request's comment threads and the form of a new one. */
export function Conversation(props: Props & { diffPath: string }) {
  const { person, space, data, base } = props;
  const place: ThreadPlace = {
    person,
    base,
    canComment: space.permissions?.comment === true,
    from: "",
  };
  return (
    <section class="a-section" aria-labelledby="cr-comments-heading">
      <h2 id="cr-comments-heading">Comments</h2>
      {data.threads.length === 0 ? <p class="a-meta">No comments yet.</p> : null}
      {data.threads.map((thread) => {
        const anchor = anchorOf(thread.comment);
        const review = data.reviews.find((r) => r.comment?.id === thread.comment.id);
        return (
          <div>
            {review ? (
              <p class="a-meta">{`With ${review.reviewer.displayName}'s review: ${REVIEW_LABELS[review.status]}`}</p>
            ) : null}
            {anchor ? (
              <p class="a-meta">
                <a
                  href={`${props.diffPath}#comment-${thread.comment.id}`}
                >{`${anchor}: see it in the diff`}</a>
              </p>
            ) : null}
            <ThreadView place={place} thread={thread} />
          </div>
        );
      })}
      <NewComment place={place} id="cr-new-comment" label="New comment" />
    </section>
  );
}
