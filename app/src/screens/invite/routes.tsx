import { Hono } from "hono";
import { isRefusal } from "../../api/client";
import { readForm } from "../../http/forms";
import { htmlResponse, seeOther } from "../../http/responses";
import type { ScreenEnv } from "../../http/screen-env";
import { AppForm, Field, Submit } from "../../layout/forms";
import { when } from "../../layout/format";
import { htmlDocument, Shell } from "../../layout/shell";
import { messageResponse } from "../../layout/message";
import { formToken, signedIn, signInFor, type SignedIn } from "../../session/session";
import { InviteChoice } from "../home/invites";

/**
 * Sign-up from an e-mail invite (`<app>/invite/{inviteId}?token=…`, mailed by
 * `POST /v1/orgs/{id}/invites`): the screen shows what the invite offers
 * (`GET /v1/sessions/invite`, which spends nothing) and a form with the name to join under; the
 * post accepts it (`POST /v1/sessions/invite`), which creates the person, joins the
 * organization with the invite's role and signs in. An address that has an account is no
 * sign-up: its person signs in (and comes back here) to accept or decline, and is no member
 * until they accept.
 */
export const inviteRoutes = new Hono<ScreenEnv>();

/** What the invite offers. */
interface EmailInvite {
  id: string;
  organization: { id: string; title: string };
  email: string;
  role: string | null;
  expiresAt: string;
  /** An account uses the address. */
  account: boolean;
}

/** The screen of an invite to an existing account: sign in as it, then accept or decline. */
function accountInvite(invite: EmailInvite, person: SignedIn | null, here: string): string {
  const title = invite.organization.title;
  const role = invite.role ?? "guest";
  const mine = person?.user.email === invite.email;
  return htmlDocument(
    <Shell title={`Invite to ${title}`} narrow person={person}>
      <h1>Invite to {title}</h1>
      <p class="a-message">
        <strong>{invite.email}</strong> is invited to {title} with the role <strong>{role}</strong>,
        until {when(invite.expiresAt)}. Until it is accepted, that account is not a member.
      </p>
      {mine && person ? (
        <InviteChoice invite={invite} csrf={person.csrf} />
      ) : person ? (
        <p class="a-message" role="alert">
          You are signed in as {person.user.email}, but this invite is for {invite.email}. Sign out,
          then sign in as {invite.email} to answer it.
        </p>
      ) : (
        <p>
          <a class="a-button a-button-primary" href={signInFor(here)}>
            Sign in as {invite.email} to accept or decline
          </a>
        </p>
      )}
    </Shell>,
  );
}

/** The page of an invite that cannot be used (expired, used, not valid). */
function refused(detail: string, status: number): Response {
  return messageResponse(
    {
      title: "This invite cannot be used",
      message: (
        <>
          <p>
            This invite has expired, was already used, or is not valid. Ask the person who invited
            you for a new one. Nothing was changed.
          </p>
          <p class="a-hint">Detail: {detail}</p>
        </>
      ),
      links: [["Sign in", "/sign-in"]],
    },
    status,
  );
}

inviteRoutes.get("/invite/:inviteId", async (c) => {
  const inviteId = c.req.param("inviteId").slice(0, 64);
  const token = (c.req.query("token") ?? "").slice(0, 200);
  let invite: EmailInvite;
  try {
    invite = await c.var.api.get<EmailInvite>("/sessions/invite", { inviteId, token });
  } catch (error) {
    if (!isRefusal(error, 400, 404, 410)) throw error;
    return refused(error.message, error.status === 400 ? 404 : error.status);
  }
  if (invite.account) {
    const here = `/invite/${encodeURIComponent(inviteId)}?token=${encodeURIComponent(token)}`;
    return htmlResponse(accountInvite(invite, await signedIn(c), here));
  }
  const html = htmlDocument(
    <Shell title={`Join ${invite.organization.title}`} narrow>
      <h1>Join {invite.organization.title}</h1>
      <p class="a-message">
        You are invited as <strong>{invite.email}</strong>, with the role{" "}
        <strong>{invite.role ?? "guest"}</strong>. The invite works once, until{" "}
        {when(invite.expiresAt)}.
      </p>
      <AppForm
        action={`/invite/${encodeURIComponent(inviteId)}`}
        csrf={await formToken(c)}
        label="Accept the invite"
      >
        <input type="hidden" name="token" value={token} />
        <Field
          name="displayName"
          label="Your name"
          autocomplete="name"
          maxlength={100}
          hint="How the others see you."
        />
        <Submit label={`Join ${invite.organization.title}`} />
      </AppForm>
    </Shell>,
  );
  return htmlResponse(html);
});

inviteRoutes.post("/invite/:inviteId", async (c) => {
  const form = await readForm(c);
  const displayName = form.text("displayName").trim();
  try {
    await c.var.api.post("/sessions/invite", {
      body: {
        inviteId: c.req.param("inviteId"),
        token: form.text("token"),
        ...(displayName ? { displayName } : {}),
      },
      csrf: form.csrf,
    });
  } catch (error) {
    if (!isRefusal(error, 400, 403, 404, 409, 410)) throw error;
    return refused(error.message, error.status);
  }
  return seeOther("/");
});
