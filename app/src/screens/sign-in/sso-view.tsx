import type { Context } from "hono";
import { isRefusal } from "../../api/client";
import type { ScreenEnv } from "../../http/screen-env";
import { AppForm, Submit } from "../../layout/forms";
import { htmlDocument, Shell } from "../../layout/shell";

/**
 * Single sign-on on the sign-in screen: the organizations whose SSO an address's domain (or
 * `/sign-in?org=<id>`) calls for (`GET /v1/sessions/ways/sso`, which reads only the domain and
 * names only organizations with a provider), each provider a "Continue with" link: a SAML
 * provider's start URL (the app passes `/sso/saml/*` to the API), or the app's OIDC start.
 */

/** One provider of an organization, as the API lists it. */
type SsoProvider =
  | { kind: "saml"; id: string; title: string; startURL: string }
  | { kind: "oidc"; id: string; title: string; provider: string };

/** An organization whose SSO to offer. */
export interface SsoOrganization {
  id: string;
  title: string;
  enforced: boolean;
  providers: SsoProvider[];
}

/** Whom to ask the SSO ways for. */
type SsoWaysFor = { email: string } | { organizationId: string };

/**
 * The organizations whose SSO to offer; none when the API refuses the question (a malformed
 * address, the rate limit): the other ways in still work, and the API applies SSO enforcement
 * to each of them anyway.
 */
export async function ssoWaysFor(
  c: Context<ScreenEnv>,
  who: SsoWaysFor,
): Promise<SsoOrganization[]> {
  try {
    const found = await c.var.api.get<{ organizations: SsoOrganization[] }>(
      "/sessions/ways/sso",
      who,
    );
    return found.organizations;
  } catch (error) {
    if (isRefusal(error, 400, 429)) return [];
    throw error;
  }
}

/** Whether every organization offered lets its members in by SSO only. */
export function onlySso(orgs: readonly SsoOrganization[]): boolean {
  return orgs.length > 0 && orgs.every((o) => o.enforced);
}

/** Where a provider's button goes (`next` kept for OIDC, whose start takes it). */
function hrefOf(provider: SsoProvider, next: string): string {
  if (provider.kind === "saml") return provider.startURL;
  const back = next === "/" ? "" : `?next=${encodeURIComponent(next)}`;
  return `/sign-in/oidc/${encodeURIComponent(provider.provider)}${back}`;
}

/** The "Continue with" buttons of each organization. */
export function SsoChoices(props: { orgs: SsoOrganization[]; next: string }) {
  return (
    <section class="a-providers" aria-labelledby="sso-title">
      <h2 id="sso-title">Single sign-on</h2>
      {props.orgs.map((org) => (
        <div>
          <p>
            {org.enforced
              ? `Members of ${org.title} sign in with its single sign-on only.`
              : `${org.title} uses single sign-on.`}
          </p>
          <ul class="a-button-list" aria-label={`Single sign-on of ${org.title}`}>
            {org.providers.map((p) => (
              <li>
                <a class="a-button a-button-primary" href={hrefOf(p, props.next)}>
                  Continue with {p.title}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/**
 * The screen after typing an address whose domain calls for SSO: its organizations' buttons, and,
 * unless they all enforce SSO, the e-mail link after all (the same form, told to skip this step).
 */
export function ssoChoicePage(view: {
  orgs: SsoOrganization[];
  email: string;
  next: string;
  csrf: string;
  /** E-mail sign-in is on: offer the link instead, unless SSO is enforced. */
  emailWay: boolean;
}): string {
  return htmlDocument(
    <Shell title="Sign in with single sign-on" narrow>
      <h1>Sign in with single sign-on</h1>
      <p class="a-message">
        <strong>{view.email}</strong> belongs to an organization that uses single sign-on.
      </p>
      <SsoChoices orgs={view.orgs} next={view.next} />
      {onlySso(view.orgs) || !view.emailWay ? null : (
        <AppForm action="/sign-in/email" csrf={view.csrf} label="Sign in with e-mail instead">
          <input type="hidden" name="email" value={view.email} />
          <input type="hidden" name="next" value={view.next} />
          <input type="hidden" name="sso" value="skip" />
          <Submit label="Send me a sign-in link instead" kind="secondary" />
        </AppForm>
      )}
      <p>
        <a href="/sign-in">Use another address</a>
      </p>
    </Shell>,
  );
}
