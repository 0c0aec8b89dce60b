import { type ApiRefusal } from "../../api/client";
import { messageResponse } from "../../layout/message";

/**
 * What a refused sign-in tells the person: one clear page per kind of value (a link, a code from
 * an identity provider), saying what happened and what to do now. The API's own message is shown
 * as the detail; nothing was changed.
 */

/** The kinds of one-time values the sign-in screens spend. */
export type Spent = "email-link" | "operator-link" | "sso" | "oidc" | "passkey";

/** What each kind is called, and how to get a new one. */
const WORDING: Readonly<Record<Spent, { what: string; again: Array<[string, string]> }>> = {
  "email-link": {
    what: "This sign-in link",
    again: [["Ask for a new sign-in link", "/sign-in"]],
  },
  "operator-link": {
    what: "This sign-in link",
    again: [["Sign in another way", "/sign-in"]],
  },
  sso: {
    what: "This single sign-on answer",
    again: [["Back to sign-in", "/sign-in"]],
  },
  oidc: {
    what: "This answer from your identity provider",
    again: [["Back to sign-in", "/sign-in"]],
  },
  passkey: { what: "This passkey sign-in", again: [["Back to sign-in", "/sign-in"]] },
};

/** The page of a refused one-time value. */
export function refusedPage(kind: Spent, refusal: ApiRefusal): Response {
  const { what, again } = WORDING[kind];
  if (refusal.status === 429) {
    return messageResponse(
      {
        title: "Too many attempts",
        message: <p>There were too many sign-in attempts. Wait a few minutes and try again.</p>,
        links: again,
      },
      429,
    );
  }
  const operator =
    kind === "operator-link" ? " Ask the operator of this deployment for a new one." : "";
  return messageResponse(
    {
      title: "This sign-in cannot be used",
      message: (
        <>
          <p>
            {what} has expired, was already used, or is not valid.{operator} Nothing was changed.
          </p>
          <p class="a-hint">Detail: {refusal.message}</p>
        </>
      ),
      links: again,
    },
    refusal.status >= 400 && refusal.status < 500 ? refusal.status : 400,
  );
}
