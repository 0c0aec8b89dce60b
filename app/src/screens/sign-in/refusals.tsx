import { type ApiRefusal } from "../../api/client";
import { messageResponse, reasonSentence } from "../../layout/message";

/**
 * What a refused sign-in tells the person: the API's own reason first (it says what went wrong
 * and, where the person can act on it, what to do: an address their provider has not verified,
 * a membership that is disabled, a link already used), then what to do now for this kind of
 * value, and that nothing was changed.
 */

/** The kinds of one-time values the sign-in screens spend. */
export type Spent = "email-link" | "operator-link" | "sso" | "oidc";

/** What to do after each kind is refused, and the links onward. */
const WORDING: Readonly<Record<Spent, { next: string; again: Array<[string, string]> }>> = {
  "email-link": {
    next: "Ask for a new sign-in link, or sign in another way.",
    again: [["Ask for a new sign-in link", "/sign-in"]],
  },
  "operator-link": {
    next: "Ask the operator of this deployment for a new link, or sign in another way.",
    again: [["Sign in another way", "/sign-in"]],
  },
  sso: {
    next: "Start again from your organization's single sign-on, or sign in another way.",
    again: [["Back to sign-in", "/sign-in"]],
  },
  oidc: {
    next: "Start again from the sign-in screen, or choose another way in.",
    again: [["Back to sign-in", "/sign-in"]],
  },
};

/** The page of a refused one-time value. */
export function refusedPage(kind: Spent, refusal: ApiRefusal): Response {
  const { next, again } = WORDING[kind];
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
  return messageResponse(
    {
      title: "This sign-in cannot be used",
      message: (
        <>
          <p id="refusal-reason">{reasonSentence(refusal.message)}</p>
          <p>{next} Nothing was changed.</p>
        </>
      ),
      links: again,
    },
    refusal.status >= 400 && refusal.status < 500 ? refusal.status : 400,
  );
}
