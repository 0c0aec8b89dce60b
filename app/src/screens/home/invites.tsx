import { Hono, type Context } from "hono";
import { isRefusal } from "../../api/client";
import type { ListPage } from "../../api/types";
import { readForm } from "../../http/forms";
import { seeOther } from "../../http/responses";
import type { ScreenEnv } from "../../http/screen-env";
import { AppForm, Submit } from "../../layout/forms";
import { when } from "../../layout/format";
import { messageResponse, reasonSentence } from "../../layout/message";

/**
 * The person's pending e-mail invites (`GET /v1/user/invites`): an invite to an organization is
 * no membership until its person accepts it here (or on the invite link's screen), so the home
 * lists them with Accept and Decline, each a form post to the app that calls the API once.
 */
export const pendingInviteRoutes = new Hono<ScreenEnv>();

/** One pending invite as the API lists it. */
export interface PendingInvite {
  id: string;
  organization: { id: string; title: string };
  role: string | null;
  expiresAt: string;
}

/** The person's pending invites (the first page: a person has few). */
export function pendingInvitesOf(c: Context<ScreenEnv>): Promise<ListPage<PendingInvite>> {
  return c.var.api.get<ListPage<PendingInvite>>("/user/invites", { limit: 50 });
}

/** The Accept and Decline forms of one invite. */
export function InviteChoice(props: { invite: PendingInvite; csrf: string }) {
  const { invite, csrf } = props;
  const base = `/invites/${encodeURIComponent(invite.id)}`;
  const title = invite.organization.title;
  return (
    <div class="a-row">
      <AppForm action={`${base}/accept`} csrf={csrf} label={`Accept the invite to ${title}`}>
        <Submit label={`Accept and join ${title}`} />
      </AppForm>
      <AppForm action={`${base}/decline`} csrf={csrf} label={`Decline the invite to ${title}`}>
        <Submit label="Decline" kind="secondary" />
      </AppForm>
    </div>
  );
}

/** The home's section of pending invites (nothing when there are none). */
export function PendingInvites(props: { invites: PendingInvite[]; csrf: string }) {
  if (props.invites.length === 0) return null;
  return (
    <section aria-labelledby="invites-heading">
      <h2 id="invites-heading">Invites waiting for you</h2>
      <ul class="a-list" aria-label="Pending invites">
        {props.invites.map((invite) => (
          <li class="a-row">
            <p>
              <strong>{invite.organization.title}</strong> invited you with the role{" "}
              <strong>{invite.role ?? "guest"}</strong>, until {when(invite.expiresAt)}. You are not
              a member until you accept.
            </p>
            <InviteChoice invite={invite} csrf={props.csrf} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The page of an accept or decline the API refused (expired, revoked, not yours). */
function refusedChoice(detail: string, status: number): Response {
  return messageResponse(
    {
      title: "This invite cannot be used",
      message: (
        <>
          {status === 403 ? (
            // Its own reason (a disabled membership, an unverified address), not the invite's.
            <p id="refusal-reason">{reasonSentence(detail)}</p>
          ) : (
            <>
              <p>This invite has expired, was revoked or declined, or is not for your address.</p>
              <p class="a-hint">Detail: {detail}</p>
            </>
          )}
          <p>Nothing was changed.</p>
        </>
      ),
      links: [["Your organizations", "/"]],
    },
    status,
  );
}

for (const choice of ["accept", "decline"] as const) {
  pendingInviteRoutes.post(`/invites/:inviteId/${choice}`, async (c) => {
    const form = await readForm(c);
    const path = `/user/invites/${encodeURIComponent(c.req.param("inviteId").slice(0, 64))}`;
    try {
      if (choice === "accept") await c.var.api.post(path, { csrf: form.csrf });
      else await c.var.api.delete(path, { csrf: form.csrf });
    } catch (error) {
      if (isRefusal(error, 401)) return seeOther("/sign-in");
      if (!isRefusal(error, 400, 403, 404, 410)) throw error;
      return refusedChoice(error.message, error.status);
    }
    return seeOther("/");
  });
}
