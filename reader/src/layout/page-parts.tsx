import type { LinkView, PageView } from "../model";

/**
 * The pieces of a document page around its content: breadcrumbs, "Last updated", the
 * "Was this page helpful?" form (a plain POST that works without JavaScript) and the
 * previous/next links.
 */

/** One formatter for every page (building one per call is slow). */
const DATE_FORMAT = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** A date as people read it ("28 November 2026", UTC); undefined when it does not parse. */
function humanDate(iso: string): string | undefined {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  return DATE_FORMAT.format(date);
}

/** The path of an absolute URL (with its query), or `fallback` when it is not one. */
function pathOf(url: string, fallback: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return fallback;
  }
}

/** The trail of parents above the page. */
export function Breadcrumbs(props: { items: LinkView[] }) {
  if (props.items.length === 0) return null;
  return (
    <nav class="q-breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {props.items.map((item) => (
          <li>
            <a href={item.href}>{item.title}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** When the page last changed, as a machine date and a human one. */
export function LastUpdated(props: { iso?: string }) {
  const human = props.iso ? humanDate(props.iso) : undefined;
  if (!props.iso || !human) return null;
  return (
    <p class="q-updated">
      Last updated <time datetime={props.iso}>{human}</time>
    </p>
  );
}

/**
 * Where a feedback post without JavaScript returns to (the address's fragment): the note with
 * this id shows (CSS `:target`), so the thanks need no script and the cached page stays one.
 */
export const FEEDBACK_NOTES = {
  thanks: "q-feedback-thanks",
  failed: "q-feedback-failed",
} as const;

/** The page feedback form (reader.js may send it with fetch and say thanks in place). */
export function Feedback(props: { view: PageView }) {
  const { site, page, canonical } = props.view;
  return (
    <form class="q-feedback" method="post" action={`${site.basePath}/~feedback`}>
      <input type="hidden" name="page" value={page.id} />
      <input type="hidden" name="return" value={pathOf(canonical, site.spacePath || "/")} />
      <fieldset>
        <legend>Was this page helpful?</legend>
        <button type="submit" class="q-button" name="rating" value="good">
          Yes
        </button>
        <button type="submit" class="q-button" name="rating" value="bad">
          No
        </button>
      </fieldset>
      <p id={FEEDBACK_NOTES.thanks} class="q-feedback-note">
        Thanks for the feedback.
      </p>
      <p id={FEEDBACK_NOTES.failed} class="q-feedback-note">
        Your feedback could not be sent. Please try again.
      </p>
    </form>
  );
}

/** The previous and next pages of the reading order. */
export function Pager(props: { previous?: LinkView; next?: LinkView }) {
  const { previous, next } = props;
  if (!previous && !next) return null;
  return (
    <nav class="q-pager" aria-label="Previous and next pages">
      {previous ? (
        <a class="q-pager-prev" href={previous.href} rel="prev">
          <span class="q-pager-label">Previous</span>
          <span class="q-pager-title">{previous.title}</span>
        </a>
      ) : null}
      {next ? (
        <a class="q-pager-next" href={next.href} rel="next">
          <span class="q-pager-label">Next</span>
          <span class="q-pager-title">{next.title}</span>
        </a>
      ) : null}
    </nav>
  );
}
