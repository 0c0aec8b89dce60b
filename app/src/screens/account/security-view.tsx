import { AppForm, ErrorSummary, Field, Submit } from "../../layout/forms";
import { when } from "../../layout/format";

/**
 * The account's ways in that belong to the person: the password (set, change, remove:
 * `PUT`/`DELETE /v1/user/password`, shown when the deployment allows passwords) and passkeys
 * (`/v1/user/passkeys`: listed, renamed, removed here; registered by the passkey script, whose
 * mount point this screen carries).
 */

/** A registered passkey as listed. */
export interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt?: string | null;
}

/** What the password part shows. */
export interface PasswordView {
  csrf: string;
  /** Whether the person has a password now. */
  set: boolean;
  error?: string | null;
}

/** The password section. */
export function PasswordSection(props: PasswordView) {
  return (
    <section class="a-section" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <p class="a-hint">
        {props.set ? "You have a password." : "You have no password: you can set one."}
      </p>
      <AppForm
        action="/account/password"
        csrf={props.csrf}
        label={props.set ? "Change your password" : "Set a password"}
      >
        <ErrorSummary error={props.error} />
        {props.set ? (
          <Field
            name="currentPassword"
            label="Current password"
            type="password"
            autocomplete="current-password"
            maxlength={1024}
            hint="Not needed within 15 minutes of signing in by e-mail (a reset)."
          />
        ) : null}
        <Field
          name="password"
          label="New password"
          type="password"
          autocomplete="new-password"
          required
          maxlength={1024}
          hint="At least 10 characters; common passwords are refused."
        />
        <div>
          <Submit label="Save password" />
        </div>
      </AppForm>
      {props.set ? (
        <AppForm action="/account/password/remove" csrf={props.csrf} label="Remove your password">
          <p class="a-hint">Without a password you sign in with e-mail, a passkey or a provider.</p>
          <div>
            <Submit label="Remove password" kind="danger" />
          </div>
        </AppForm>
      ) : null}
    </section>
  );
}

/**
 * MOUNT POINT for the federation helper's script (`/_app/passkey.js`): it finds
 * `[data-quire-passkey-register]`, shows its button, runs `POST /v1/user/passkey-options` and
 * `POST /v1/user/passkeys` on this origin with the `<meta name="quire-csrf">` token, then reloads.
 */
function RegisterMount() {
  return (
    <div class="a-passkey" data-quire-passkey-register>
      <button type="button" class="a-button a-button-secondary" hidden>
        Add a passkey
      </button>
      <p class="a-hint" role="status" aria-live="polite"></p>
    </div>
  );
}

/** The passkeys section. */
export function PasskeysSection(props: { passkeys: Passkey[]; csrf: string }) {
  return (
    <section class="a-section" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">Passkeys</h2>
      {props.passkeys.length === 0 ? (
        <p>No passkey yet. A passkey signs you in with your device's lock, without a password.</p>
      ) : (
        <ul class="a-list" aria-label="Passkeys">
          {props.passkeys.map((key) => (
            <li class="a-row">
              <AppForm
                action={`/account/passkeys/${encodeURIComponent(key.id)}/rename`}
                csrf={props.csrf}
                class="a-row"
                label={`Rename ${key.name}`}
              >
                <Field
                  name="name"
                  id={`passkey-${key.id}`}
                  label={`Name of passkey ${key.name}`}
                  value={key.name}
                  required
                  maxlength={100}
                />
                <Submit label="Rename" kind="secondary" />
              </AppForm>
              <p class="a-meta">
                Added {when(key.createdAt)} · last used {when(key.lastUsedAt, "not yet")}
              </p>
              <AppForm
                action={`/account/passkeys/${encodeURIComponent(key.id)}/remove`}
                csrf={props.csrf}
                class="a-inline-form"
                label={`Remove ${key.name}`}
              >
                <button type="submit" class="a-button a-button-danger">
                  Remove<span class="a-visually-hidden"> {key.name}</span>
                </button>
              </AppForm>
            </li>
          ))}
        </ul>
      )}
      <RegisterMount />
    </section>
  );
}
