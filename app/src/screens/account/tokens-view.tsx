import { SCOPES } from "../../../../core/tokens/scopes";
import type { ApiToken, CreatedApiToken } from "../../api/types";
import { AppForm, ErrorSummary, Field, Notice, Submit } from "../../layout/forms";
import { when } from "../../layout/format";

/**
 * The account's API tokens (`/v1/user/tokens`), what the operator CLI did before: the list
 * (never a secret, only its last characters), a new token with a label, an expiry and optionally
 * scopes (none: all the person's rights), its secret shown once right after, and revoke.
 */

/** The expiries offered, in days ("" never expires). */
export const EXPIRIES: ReadonlyArray<[string, string]> = [
  ["30", "In 30 days"],
  ["90", "In 90 days"],
  ["365", "In a year"],
  ["7", "In 7 days"],
  ["", "Never"],
];

/** What the tokens section shows. */
export interface TokensView {
  tokens: ApiToken[];
  csrf: string;
  /** The token just created: its secret, shown this once. */
  created?: CreatedApiToken | null;
  error?: string | null;
  /** What the person typed, kept on an error. */
  label?: string;
  expires?: string;
  scopes?: string[];
}

function CreatedNotice(props: { created: CreatedApiToken }) {
  return (
    <Notice>
      <p>
        Token <strong>{props.created.label}</strong> created. Copy its secret now: it is shown only
        this once.
      </p>
      <code class="a-secret" id="new-token-secret">
        {props.created.token}
      </code>
    </Notice>
  );
}

function CreateForm(props: TokensView) {
  return (
    <AppForm action="/account/tokens" csrf={props.csrf} label="Create an API token">
      <ErrorSummary error={props.error} />
      <Field
        name="label"
        label="Name"
        required
        maxlength={100}
        value={props.label}
        hint="What the token is for, e.g. “CI publishing”."
      />
      <div class="a-field">
        <label for="f-expires">Expires</label>
        <select id="f-expires" name="expires">
          {EXPIRIES.map(([value, label]) => (
            <option value={value} selected={value === (props.expires ?? "30")}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <fieldset class="a-fieldset">
        <legend>Scopes</legend>
        <p class="a-hint">None checked: the token has all of your rights.</p>
        <div class="a-checks">
          {SCOPES.map((scope) => (
            <label>
              <input
                type="checkbox"
                name="scopes"
                value={scope}
                checked={props.scopes?.includes(scope) ?? false}
              />
              <code>{scope}</code>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <Submit label="Create token" />
      </div>
    </AppForm>
  );
}

/** The tokens section of the account screen. */
export function TokensSection(props: TokensView) {
  return (
    <section class="a-section" aria-labelledby="tokens-title">
      <h2 id="tokens-title">API tokens</h2>
      {props.created ? <CreatedNotice created={props.created} /> : null}
      {props.tokens.length === 0 ? (
        <p>You have no API token.</p>
      ) : (
        <table class="a-table">
          <caption class="a-visually-hidden">Your API tokens</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Scopes</th>
              <th scope="col">Expires</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span class="a-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {props.tokens.map((token) => (
              <tr>
                <td>
                  {token.label} <span class="a-meta">…{token.hint}</span>
                </td>
                <td>{token.scopes ? token.scopes.join(", ") : "all rights"}</td>
                <td>{when(token.expiresAt)}</td>
                <td>{when(token.lastUsedAt, "not yet")}</td>
                <td>
                  <AppForm
                    action={`/account/tokens/${encodeURIComponent(token.id)}/revoke`}
                    csrf={props.csrf}
                    class="a-inline-form"
                    label={`Revoke ${token.label}`}
                  >
                    <button type="submit" class="a-button a-button-danger">
                      Revoke<span class="a-visually-hidden"> {token.label}</span>
                    </button>
                  </AppForm>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>New token</h3>
      <CreateForm {...props} />
    </section>
  );
}
