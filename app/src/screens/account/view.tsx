import type { ApiToken, CreatedApiToken, SessionInfo, Ways } from "../../api/types";
import { Notice } from "../../layout/forms";
import { htmlDocument, Shell } from "../../layout/shell";
import type { SignedIn } from "../../session/session";
import { PasskeysSection, PasswordSection, type Passkey } from "./security-view";
import { SessionsSection } from "./sessions-view";
import { TokensSection, type TokensView } from "./tokens-view";

/**
 * The account screen: who the person is (name, e-mail, photo), their ways in (password,
 * passkeys), where they are signed in, and their API tokens — every section a plain form.
 */

/** Everything the account screen shows. */
export interface AccountView {
  person: SignedIn;
  ways: Ways;
  sessions: SessionInfo[];
  tokens: ApiToken[];
  /** Whether the person has a password (`GET /v1/user/password`). */
  hasPassword: boolean;
  /** Null when the deployment offers no passkeys. */
  passkeys: Passkey[] | null;
  /** What the last action did, said at the top. */
  done?: string | null;
  created?: CreatedApiToken | null;
  tokenForm?: Pick<TokensView, "error" | "label" | "expires" | "scopes">;
  passwordError?: string | null;
}

function Profile(props: { person: SignedIn }) {
  const { user } = props.person;
  return (
    <section class="a-section" aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      <dl class="a-facts">
        <dt>Name</dt>
        <dd>{user.displayName}</dd>
        <dt>E-mail</dt>
        <dd>{user.email ?? "—"}</dd>
        <dt>Photo</dt>
        <dd>{user.photoURL ? <code>{user.photoURL}</code> : "none"}</dd>
      </dl>
      <p class="a-hint">
        Your name and photo come from your sign-in (your identity provider, or the operator who
        added you); the API offers no way to change them yet.
      </p>
    </section>
  );
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
      <Profile person={view.person} />
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
