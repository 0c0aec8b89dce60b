import { Hono, type Context } from "hono";
import { isRefusal, type ApiRefusal } from "../../api/client";
import { readForm } from "../../http/forms";
import { htmlResponse, seeOther } from "../../http/responses";
import type { ScreenEnv } from "../../http/screen-env";
import { AppForm, Submit } from "../../layout/forms";
import { htmlDocument, Shell } from "../../layout/shell";
import { messageResponse, reasonSentence } from "../../layout/message";
import { personOr, signedIn, signInFor, type SignedIn } from "../../session/session";

/**
 * Joining through an invite link, `<app>/join/{organizationId}/{inviteId}` (an admin shares it
 * from the organization's sign-in settings): signed out, sign-in first and back here; signed in,
 * the organization and the role the link offers (`GET /v1/orgs/{id}/invites/{inviteId}`, which
 * changes nothing) and a Join button that posts the official `joinOrganizationWithInvite`.
 */
export const joinRoutes = new Hono<ScreenEnv>();

/** What an invite link offers the person holding it. */
interface InviteLinkOffer {
  id: string;
  role: string | null;
  organization: { id: string; title: string; sso: boolean };
  member: boolean;
}

const PATH = "/join/:org/:invite";

/** The API path of the link of this screen's address. */
function invitePath(c: Context<ScreenEnv>): string {
  const org = encodeURIComponent((c.req.param("org") ?? "").slice(0, 64));
  const invite = encodeURIComponent((c.req.param("invite") ?? "").slice(0, 64));
  return `/orgs/${org}/invites/${invite}`;
}

/** The page of a link that cannot be used, with the API's reason. */
function refused(error: ApiRefusal, person: SignedIn | null): Response {
  const gone = error.status === 404;
  return messageResponse(
    {
      title: gone ? "This invite link does not work" : "You cannot join with this link",
      message: (
        <>
          {gone ? (
            <>
              <p>
                This invite link was deleted, or it is not an invite link of this organization. Ask
                an administrator for a new one.
              </p>
              <p class="a-hint">Detail: {error.message}</p>
            </>
          ) : (
            <>
              <p id="refusal-reason">{reasonSentence(error.message)}</p>
              <p>Nothing was changed.</p>
            </>
          )}
        </>
      ),
      links: [["Go to your organizations", "/"]],
      person,
    },
    error.status,
  );
}

/** The organization's home in the app. */
const orgHome = (offer: InviteLinkOffer) => `/o/${encodeURIComponent(offer.organization.id)}`;

joinRoutes.get(PATH, async (c) => {
  const person = await personOr(c);
  if (person instanceof Response) return person;
  let offer: InviteLinkOffer;
  try {
    offer = await c.var.api.get<InviteLinkOffer>(invitePath(c));
  } catch (error) {
    if (!isRefusal(error, 400, 403, 404)) throw error;
    return refused(error, person);
  }
  const title = offer.organization.title;
  const html = htmlDocument(
    <Shell title={`Join ${title}`} person={person} narrow>
      <h1>Join {title}</h1>
      {offer.member ? (
        <>
          <p class="a-message">You are already a member of {title}: the link changes nothing.</p>
          <p>
            <a class="a-button a-button-primary" href={orgHome(offer)}>
              Go to {title}
            </a>
          </p>
        </>
      ) : (
        <>
          <p class="a-message">
            This invite link adds you, <strong>{person.user.email}</strong>, to {title} with the
            role <strong>{offer.role ?? "guest"}</strong>.
          </p>
          {offer.organization.sso ? (
            <p class="a-hint">
              {title} enforces single sign-on: its members join by signing in with its SSO.
            </p>
          ) : null}
          <AppForm action={new URL(c.req.url).pathname} csrf={person.csrf} label={`Join ${title}`}>
            <Submit label="Join" />
          </AppForm>
        </>
      )}
    </Shell>,
  );
  return htmlResponse(html);
});

joinRoutes.post(PATH, async (c) => {
  const form = await readForm(c);
  try {
    await c.var.api.post(invitePath(c), { csrf: form.csrf });
  } catch (error) {
    // Signed out meanwhile: sign in, then back to the link's screen.
    if (isRefusal(error, 401)) return seeOther(signInFor(new URL(c.req.url).pathname));
    if (!isRefusal(error, 400, 403, 404)) throw error;
    return refused(error, await signedIn(c));
  }
  return seeOther(`/o/${encodeURIComponent(c.req.param("org") ?? "")}`);
});
