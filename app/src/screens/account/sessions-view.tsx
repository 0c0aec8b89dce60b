import type { SessionInfo } from "../../api/types";
import { AppForm, Submit } from "../../layout/forms";
import { deviceName, when } from "../../layout/format";

/**
 * The account's sessions: every browser signed in as the person (device, place, way in, last
 * use), each revocable but the current one (which signs out from the header), and "sign out
 * everywhere".
 */

/** How each way in is named. */
const METHODS: Readonly<Record<string, string>> = {
  email: "e-mail",
  link: "sign-in link",
  password: "password",
  passkey: "passkey",
  oidc: "identity provider",
  saml: "single sign-on",
};

/** The sessions section of the account screen. */
export function SessionsSection(props: { sessions: SessionInfo[]; csrf: string }) {
  return (
    <section class="a-section" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Where you are signed in</h2>
      <ul class="a-list" aria-label="Sessions">
        {props.sessions.map((session) => {
          const name = deviceName(session.device);
          return (
            <li class="a-row">
              <div>
                <strong>{name}</strong>
                {session.current ? <span class="a-badge">This browser</span> : null}
                <p class="a-meta">
                  {session.place ? `${session.place} · ` : ""}
                  {session.method
                    ? `signed in by ${METHODS[session.method] ?? session.method} · `
                    : ""}
                  since {when(session.createdAt)} · last used {when(session.lastUsedAt, "not yet")}
                </p>
              </div>
              {session.current ? null : (
                <AppForm
                  action={`/account/sessions/${encodeURIComponent(session.id)}/revoke`}
                  csrf={props.csrf}
                  class="a-inline-form"
                  label={`Sign out ${name}`}
                >
                  <button type="submit" class="a-button a-button-danger">
                    Sign out
                    <span class="a-visually-hidden">
                      {" "}
                      {name}, since {when(session.createdAt)}
                    </span>
                  </button>
                </AppForm>
              )}
            </li>
          );
        })}
      </ul>
      <AppForm action="/account/sessions/revoke-all" csrf={props.csrf} label="Sign out everywhere">
        <p class="a-hint">Signs out every browser, this one included.</p>
        <div>
          <Submit label="Sign out everywhere" kind="danger" />
        </div>
      </AppForm>
    </section>
  );
}
