/**
 * Who an ORGANIZATION's identity provider (its SAML provider or its own OIDC provider) may sign
 * in as an existing Quire account (docs/security.md, "SSO and existing accounts"). An
 * organization's `emailDomains` are unverified claims and its admin runs the IdP, so the IdP's
 * word that someone owns an address is no proof for an account that exists outside the
 * organization: such an account is signed in only when it is already a member (not disabled)
 * or a removed member the provider re-adds. A pending e-mail invite is NOT enough: its person
 * accepts it once signed in another way (src/services/sign-in/pending-invites.ts), else an admin
 * could invite any address and then assert it from their own IdP.
 * Deployment-level providers (OIDC_PROVIDERS, set by the operator) are not under this rule.
 */

/**
 * What a disabled member is told wherever a way in to the organization refuses them (its SSO,
 * an invite, an invite link, joining by domain): the one wording, with what to do.
 */
export function disabledMembershipReason(orgTitle: string): string {
  return `Your membership of ${orgTitle} is disabled: ask one of its admins to enable it again`;
}

/** What the sign-in read about the asserted address's account in this organization. */
interface ExistingAccount {
  /** A Quire account has this address. */
  exists: boolean;
  membership: { disabled: boolean } | null;
  /** The account's membership of this organization was removed (and is remembered). */
  removed: boolean;
}

/** Why an organization IdP's sign-in as an existing account is refused (always a 403). */
interface ExistingAccountRefusal {
  code: "disabled" | "removed" | "foreign_account";
  reason: string;
}

/**
 * The one rule for both SSO ways: null when the IdP's identity may sign in as the account (or
 * there is no account, so the caller's policy for new people applies), else the refusal.
 */
export function existingAccountRefusal(
  account: ExistingAccount,
  org: { title: string },
  options: { reAddRemoved: boolean },
): ExistingAccountRefusal | null {
  if (!account.exists) return null;
  if (account.membership?.disabled) {
    return { code: "disabled", reason: disabledMembershipReason(org.title) };
  }
  if (account.membership) return null;
  if (account.removed && !options.reAddRemoved) {
    return {
      code: "removed",
      reason: `Your membership of ${org.title} was removed: ask one of its admins to invite you again`,
    };
  }
  if (account.removed) return null;
  return {
    code: "foreign_account",
    reason:
      `An account with this address already exists and is not a member of ${org.title}: ` +
      "sign in to it another way and accept an invite",
  };
}
