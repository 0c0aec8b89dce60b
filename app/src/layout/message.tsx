import type { Child } from "hono/jsx";
import { htmlResponse } from "../http/responses";
import { htmlDocument, Shell, type ShellProps } from "./shell";

/**
 * A screen that tells the person something instead of a form: a refusal (an expired link, a
 * cross-site form), a path the app has no screen for (404), the API not answering. Each says
 * what happened and what to do next, with a link onward.
 */

/** What a message screen says. */
export interface MessageView {
  title: string;
  message: Child;
  /** Links onward: `[label, href]`. */
  links?: Array<[string, string]>;
  person?: ShellProps["person"];
}

/**
 * The API's reason of a refusal as the sentence a refusal page leads with (a full stop at its
 * end; its start left as the API wrote it): every refusal page of the app says it first.
 */
export function reasonSentence(reason: string): string {
  const text = reason.trim();
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The HTML of a message screen. */
function messagePage(view: MessageView): string {
  return htmlDocument(
    <Shell title={view.title} person={view.person ?? null} narrow>
      <h1>{view.title}</h1>
      <div class="a-message">{view.message}</div>
      {view.links && view.links.length > 0 ? (
        <ul class="a-links">
          {view.links.map(([label, href]) => (
            <li>
              <a href={href}>{label}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </Shell>,
  );
}

/** A message screen as an answer with `status`. */
export function messageResponse(view: MessageView, status: number): Response {
  return htmlResponse(messagePage(view), status);
}

/** The 404 of a path the app has no screen for (or that the person cannot see). */
export function notFoundResponse(person?: ShellProps["person"]): Response {
  return messageResponse(
    {
      title: "Page not found",
      message: <p>There is no page at this address, or you cannot see it.</p>,
      links: [["Go to your organizations", "/"]],
      person: person ?? null,
    },
    404,
  );
}
