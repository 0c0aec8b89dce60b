/**
 * The shapes of the API's answers the screens read: the parts of the public /v1 wire the app
 * shows (the API's OpenAPI document is their definition; the app imports nothing of src/).
 */

/** `GET /v1/sessions/ways`: the ways in this deployment offers. */
export interface Ways {
  email: boolean;
  passkey: boolean;
  password: boolean;
  oidc: Array<{ id: string; title: string }>;
  saml: boolean;
  outbox: boolean;
}

/** A person (`User`). */
export interface User {
  id: string;
  displayName: string;
  email?: string;
  photoURL?: string;
}

/** `GET /v1/user/email`: the person's address and the change waiting for its confirmation. */
export interface EmailState {
  email: string;
  verified: boolean;
  pending: { email: string; expiresAt: string } | null;
}

/** A list page of the API: `{ next?, count, items }`. */
export interface ListPage<T> {
  next?: { page: string };
  count: number;
  items: T[];
}

/** An organization, as far as the screens show it. */
export interface Organization {
  id: string;
  title: string;
  urls: { app: string; location: string };
  sso: boolean;
  inviteLinks: boolean;
  /** The organization's merge rules (a space inherits them unless it sets its own). */
  mergeRules?: MergeRules;
  permissions?: Record<string, boolean>;
}

/** One of the person's sign-in sessions (`GET /v1/user/sessions`). */
export interface SessionInfo {
  id: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string;
  device: string | null;
  place: string | null;
  method: string | null;
  current: boolean;
}

/** An API token as listed (never its secret). */
export interface ApiToken {
  id: string;
  label: string;
  hint: string;
  scopes: string[] | null;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

/** A token just created: the only answer with the secret. */
export interface CreatedApiToken extends ApiToken {
  token: string;
}

/** A message the dev outbox holds (`GET /v1/dev/outbox`). */
export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
  link?: string;
  code?: string;
}

/** Merge rules (official MergeRules: what Quire enforces, or inherit the organization's). */
export type MergeRules =
  | { type: "none" }
  | { type: "inherit" }
  | { type: "rules"; rules: Array<{ rule: string; users: string[] }> };
