import { Hono } from "hono";
import { isRefusal } from "../../api/client";
import type { ListPage, OutboxMessage } from "../../api/types";
import { htmlResponse } from "../../http/responses";
import type { ScreenEnv } from "../../http/screen-env";
import { notFoundResponse } from "../../layout/message";
import { htmlDocument, Shell } from "../../layout/shell";

/**
 * The dev outbox (`npm run dev`, `MAIL_TRANSPORT = "outbox"`): the messages the deployment would
 * have sent, newest first, with each one's sign-in link and code picked out, so the e-mail flow
 * works on a machine without a mail server. Where the API has no outbox (404), neither has the
 * app.
 */
export const outboxRoutes = new Hono<ScreenEnv>();

/** A six-digit code on a line of its own or after "code". */
const CODE = /\b(\d{6})\b/;

/** The first address of the app a message holds (its sign-in or invite link). */
function linkOf(message: OutboxMessage): string | null {
  if (message.link) return message.link;
  const found = message.text.match(/https?:\/\/[^\s<>"]+/);
  return found ? found[0] : null;
}

/** The message's code, when it has one. */
function codeOf(message: OutboxMessage): string | null {
  return message.code ?? message.text.match(CODE)?.[1] ?? null;
}

function OutboxPage(props: { messages: OutboxMessage[] }) {
  return (
    <Shell title="Outbox">
      <h1>Outbox</h1>
      <p class="a-message">
        Development only: this deployment keeps the e-mail it would send here instead of sending it.
      </p>
      {props.messages.length === 0 ? (
        <p>No message yet.</p>
      ) : (
        <ol class="a-list" aria-label="Messages, newest first">
          {props.messages.map((message) => {
            const link = linkOf(message);
            const code = codeOf(message);
            return (
              <li>
                <h2 class="a-mail-subject">{message.subject}</h2>
                <p class="a-meta">
                  To {message.to} · <time datetime={message.createdAt}>{message.createdAt}</time>
                </p>
                {link ? (
                  <p>
                    <a href={link} class="a-outbox-link">
                      Open the link
                    </a>
                  </p>
                ) : null}
                {code ? (
                  <p>
                    Code: <code class="a-outbox-code">{code}</code>
                  </p>
                ) : null}
                <details>
                  <summary>Whole message</summary>
                  <pre class="a-mail">{message.text}</pre>
                </details>
              </li>
            );
          })}
        </ol>
      )}
    </Shell>
  );
}

outboxRoutes.get("/dev/outbox", async (c) => {
  let page: ListPage<OutboxMessage>;
  try {
    page = await c.var.api.get<ListPage<OutboxMessage>>("/dev/outbox");
  } catch (error) {
    if (isRefusal(error, 404)) return notFoundResponse();
    throw error;
  }
  return htmlResponse(htmlDocument(<OutboxPage messages={page.items} />));
});
