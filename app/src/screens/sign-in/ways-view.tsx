import type { Ways } from "../../api/types";
import { AppForm, ErrorSummary, Field, Submit } from "../../layout/forms";
import { htmlDocument, Shell } from "../../layout/shell";
import { onlySso, SsoChoices, type SsoOrganization } from "./sso-view";

/**
 * The sign-in screen: every way in the deployment offers (`GET /v1/sessions/ways`), each a plain
 * form or link that works without JavaScript, except the passkey, whose ceremony needs the
 * browser's WebAuthn API (its script mounts on the marked element; without it the button stays
 * hidden and the other ways remain).
 */

/** What the sign-in screen shows. */
export interface SignInView {
  ways: Ways;
  next: string;
  csrf: string;
  email?: string;
  error?: string | null;
  /** Which form the error belongs to. */
  errorFor?: "email" | "password" | "sso";
  /** `/sign-in?org=<id>`: that organization's single sign-on, offered first. */
  sso?: SsoOrganization[];
}

/** `?next=` for the screens and links that come back to `next`. */
function nextQuery(next: string): string {
  return next === "/" ? "" : `?next=${encodeURIComponent(next)}`;
}

function EmailForm(props: SignInView) {
  return (
    <AppForm action="/sign-in/email" csrf={props.csrf} label="Sign in with e-mail">
      <input type="hidden" name="next" value={props.next} />
      <Field
        name="email"
        label="E-mail address"
        type="email"
        autocomplete="email"
        required
        maxlength={320}
        value={props.email}
        hint="We send you a sign-in link and a 6-digit code."
        error={props.errorFor === "email" ? props.error : null}
      />
      <Submit label="Send me a sign-in link" />
    </AppForm>
  );
}

/** Without e-mail sign-in, the address that finds an organization's single sign-on. */
function SsoForm(props: SignInView) {
  return (
    <AppForm action="/sign-in/sso" csrf={props.csrf} label="Sign in with single sign-on">
      <input type="hidden" name="next" value={props.next} />
      <Field
        name="email"
        id="sso-email"
        label="Work e-mail address"
        type="email"
        autocomplete="email"
        required
        maxlength={320}
        value={props.email}
        error={props.errorFor === "sso" ? props.error : null}
      />
      <Submit label="Continue with single sign-on" kind="secondary" />
    </AppForm>
  );
}

function PasswordForm(props: SignInView) {
  return (
    <AppForm action="/sign-in/password" csrf={props.csrf} label="Sign in with a password">
      <input type="hidden" name="next" value={props.next} />
      <Field
        name="email"
        id="password-email"
        label="E-mail address"
        type="email"
        autocomplete="username"
        required
        maxlength={320}
        value={props.email}
      />
      <Field
        name="password"
        label="Password"
        type="password"
        autocomplete="current-password"
        required
        maxlength={1024}
        error={props.errorFor === "password" ? props.error : null}
      />
      <Submit label="Sign in" kind="secondary" />
    </AppForm>
  );
}

/**
 * The passkey's mount point. MOUNT POINT for the federation helper's script
 * (`/_app/passkey.js`): it finds `[data-quire-passkey-sign-in]`, shows the button, runs
 * `POST /v1/sessions/passkey/options` and `POST /v1/sessions/passkey` on this origin with the
 * CSRF token of `<meta name="quire-csrf">` when there is one, then goes to `data-next`.
 */
function PasskeyMount(props: { next: string }) {
  return (
    <div class="a-passkey" data-quire-passkey-sign-in data-next={props.next}>
      <button type="button" class="a-button a-button-secondary" hidden>
        Sign in with a passkey
      </button>
      <p class="a-hint" role="status" aria-live="polite"></p>
    </div>
  );
}

/** The full sign-in screen. */
export function signInPage(view: SignInView): string {
  const sso = view.sso ?? [];
  if (onlySso(sso)) return ssoOnlyPage(sso, view.next);
  const { ways, next } = view;
  const providers = ways.oidc;
  const any = ways.email || ways.password || ways.passkey || providers.length > 0;
  return htmlDocument(
    <Shell title="Sign in" narrow scripts={ways.passkey ? ["passkey.js"] : []}>
      <h1>Sign in to Quire</h1>
      <ErrorSummary error={view.errorFor ? null : view.error} />
      {sso.length > 0 ? <SsoChoices orgs={sso} next={next} /> : null}
      {ways.email ? <EmailForm {...view} /> : null}
      {ways.passkey ? <PasskeyMount next={next} /> : null}
      {providers.length > 0 ? (
        <section class="a-providers" aria-labelledby="providers-title">
          <h2 id="providers-title">Or continue with</h2>
          <ul class="a-button-list">
            {providers.map((p) => (
              <li>
                <a
                  class="a-button a-button-secondary"
                  href={`/sign-in/oidc/${encodeURIComponent(p.id)}${nextQuery(next)}`}
                >
                  {p.title}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {ways.password ? (
        <section aria-labelledby="password-title">
          <h2 id="password-title">Sign in with a password</h2>
          <PasswordForm {...view} />
        </section>
      ) : null}
      {ways.saml && !ways.email ? <SsoForm {...view} /> : null}
      {ways.saml ? (
        <p class="a-hint">
          Your organization uses single sign-on? Enter your work address above to continue with it,
          or start from your identity provider's list of applications.
        </p>
      ) : null}
      {any ? null : (
        <p class="a-message">
          No way to sign in is enabled on this deployment. Ask its operator for a sign-in link (
          <code>npm run admin -- user sign-in-link --email you@example.com</code>).
        </p>
      )}
      {ways.outbox ? (
        <p class="a-dev-note">
          Development: messages are not sent; read them in the <a href="/dev/outbox">outbox</a>.
        </p>
      ) : null}
    </Shell>,
  );
}

/** `/sign-in?org=<id>` of an organization that enforces SSO: its providers only. */
function ssoOnlyPage(sso: SsoOrganization[], next: string): string {
  return htmlDocument(
    <Shell title="Sign in" narrow>
      <h1>Sign in to {sso.map((o) => o.title).join(", ")}</h1>
      <SsoChoices orgs={sso} next={next} />
      <p>
        <a href={`/sign-in${next === "/" ? "" : `?next=${encodeURIComponent(next)}`}`}>
          Not a member? Sign in another way
        </a>
      </p>
    </Shell>,
  );
}
