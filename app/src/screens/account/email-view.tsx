import type { EmailState } from "../../api/types";
import { AppForm, ErrorSummary, Field, Notice, Submit } from "../../layout/forms";

/**
 * The account's e-mail address: shown, and changed by confirming the new one (`POST
 * /v1/user/email`): a link and a 6-digit code go there, a notice to the old address. While a
 * change waits, the section says to check the new address and takes the code.
 */

/** What the e-mail section shows: the state, and what was typed when a form was refused. */
export interface EmailView {
  state: EmailState;
  csrf: string;
  error?: string | null;
  /** Which form the error is about. */
  errorFor?: "email" | "code";
  email?: string;
}

/** The "check your new address" part: where the message went, and the code form. */
function PendingChange(props: EmailView & { pending: NonNullable<EmailState["pending"]> }) {
  const codeError = props.errorFor === "code" ? (props.error ?? null) : null;
  return (
    <>
      <Notice>
        <p>
          Check your new address: a message to <strong>{props.pending.email}</strong> has a link and
          a 6-digit code. Open the link in a browser where you are signed in, or enter the code
          here. Both work for 15 minutes; until then your address stays as it is.
        </p>
      </Notice>
      <AppForm action="/account/email/code" csrf={props.csrf} label="Confirm your new address">
        <ErrorSummary error={codeError} />
        <Field
          name="code"
          label="Code from the message"
          inputmode="numeric"
          pattern="[0-9]{6}"
          maxlength={6}
          autocomplete="one-time-code"
          required
          error={codeError}
        />
        <div>
          <Submit label="Confirm new address" />
        </div>
      </AppForm>
    </>
  );
}

/** The e-mail section. */
export function EmailSection(props: EmailView) {
  const { state } = props;
  const emailError = props.errorFor === "email" ? (props.error ?? null) : null;
  return (
    <section class="a-section" aria-labelledby="email-title">
      <h2 id="email-title">E-mail address</h2>
      <dl class="a-facts">
        <dt>E-mail</dt>
        <dd>
          {state.email} {state.verified ? "(verified)" : "(not verified yet)"}
        </dd>
      </dl>
      {state.pending ? <PendingChange {...props} pending={state.pending} /> : null}
      <AppForm action="/account/email" csrf={props.csrf} label="Change your e-mail address">
        <ErrorSummary error={emailError} />
        <Field
          name="email"
          label="New e-mail address"
          type="email"
          inputmode="email"
          value={props.email ?? ""}
          required
          maxlength={320}
          autocomplete="email"
          error={emailError}
          hint="We send a link and a code there to confirm it, and tell your current address."
        />
        <div>
          <Submit label="Change e-mail" kind="secondary" />
        </div>
      </AppForm>
    </section>
  );
}
