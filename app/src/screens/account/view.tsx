import type { ApiToken, CreatedApiToken, EmailState, SessionInfo, Ways } from "../../api/types";
import { Notice } from "../../layout/forms";
import { htmlDocument, Shell } from "../../layout/shell";
import type { SignedIn } from "../../session/session";
import { EmailSection, type EmailView } from "./email-view";
import { ProfileSection, type ProfileView } from "./profile-view";
import { PasskeysSection, PasswordSection, type Passkey } from "./security-view";
import { SessionsSection } from "./sessions-view";
import { TokensSection, type TokensView } from "./tokens-view";

/**
 * The account screen: who the person is (name, photo, e-mail address), their ways in (password,
 * passkeys), where they are signed in, and their API tokens — every section a plain form.
 */

/** Everything the account screen shows. */
export interface AccountView {
  person: SignedIn;
  ways: Ways;
  sessions: SessionInfo[];
  tokens: ApiToken[];
  /** The address and a change waiting (`GET /v1/user/email`). */
  email: EmailState;
  /** Whether the person has a password (`GET /v1/user/password`). */
  hasPassword: boolean;
  /** Null when the deployment offers no passkeys. */
  passkeys: Passkey[] | null;
  /** What the last action did, said at the top. */
  done?: string | null;
  created?: CreatedApiToken | null;
  tokenForm?: Pick<TokensView, "error" | "label" | "expires" | "scopes">;
  passwordError?: string | null;
  profileForm?: Omit<ProfileView, "person">;
  emailForm?: Pick<EmailView, "error" | "errorFor" | "email">;
}

/** The account screen's HTML. */
export function accountPage(view: AccountView): string {
  const { csrf } = view.person;
  const passkeyScripts = view.passkeys ? ["passkey.js"] : [];
  return htmlDocument(
    <Shell title="Your account" person={view.person} scripts={passkeyScripts}>
      <h1>Your account</h1>
      {view.done ? (
        <Notice>
          <p>{view.done}</p>
        </Notice>
      ) : null}
      <ProfileSection person={view.person} {...(view.profileForm ?? {})} />
      <EmailSection state={view.email} csrf={csrf} {...(view.emailForm ?? {})} />
      {view.ways.password ? (
        <PasswordSection csrf={csrf} error={view.passwordError ?? null} set={view.hasPassword} />
      ) : null}
      {view.passkeys ? <PasskeysSection passkeys={view.passkeys} csrf={csrf} /> : null}
      <SessionsSection sessions={view.sessions} csrf={csrf} />
      <TokensSection
        tokens={view.tokens}
        csrf={csrf}
        created={view.created ?? null}
        {...(view.tokenForm ?? {})}
      />
    </Shell>,
  );
}
