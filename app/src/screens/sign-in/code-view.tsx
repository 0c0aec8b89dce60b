import { AppForm, ErrorSummary, Field, Submit } from "../../layout/forms";
import { htmlDocument, Shell } from "../../layout/shell";

/**
 * The 6-digit code form: where the e-mail flow goes after asking (the message holds a link for
 * this browser and a code for any), and where a link opened in another browser sends the person.
 */

/** What the code screen shows. */
export interface CodeView {
  email: string;
  next: string;
  csrf: string;
  /** True right after asking: the message is on its way. */
  sent?: boolean;
  /** Why the screen was opened from a link (another browser). */
  reason?: string | null;
  error?: string | null;
  outbox?: boolean;
}

/** The code screen. */
export function codePage(view: CodeView): string {
  return htmlDocument(
    <Shell title="Enter your code" narrow>
      <h1>{view.sent ? "Check your e-mail" : "Enter your sign-in code"}</h1>
      {view.sent ? (
        <p class="a-message" role="status">
          If <strong>{view.email}</strong> can sign in here, a message with a sign-in link and a
          6-digit code is on its way. Open the link in this browser, or type the code below. Both
          work once, for 15 minutes.
        </p>
      ) : null}
      {view.reason ? <p class="a-message">{view.reason}</p> : null}
      <ErrorSummary error={view.error} />
      <AppForm action="/sign-in/code" csrf={view.csrf} label="Sign in with a code">
        <input type="hidden" name="next" value={view.next} />
        <Field
          name="email"
          label="E-mail address"
          type="email"
          autocomplete="email"
          required
          maxlength={320}
          value={view.email}
        />
        <Field
          name="code"
          label="6-digit code"
          inputmode="numeric"
          autocomplete="one-time-code"
          pattern="[0-9]{6}"
          maxlength={6}
          required
          autofocus={view.email !== ""}
          hint="The six digits in the message, without spaces."
        />
        <Submit label="Sign in" />
      </AppForm>
      <p>
        <a href="/sign-in">Use another address or way to sign in</a>
      </p>
      {view.outbox ? (
        <p class="a-dev-note">
          Development: read the message in the <a href="/dev/outbox">outbox</a>.
        </p>
      ) : null}
    </Shell>,
  );
}
