/** Why a SAMLResponse was refused: the ACS logs it and shows the reason with a reference id. */
export type SamlFailure =
  | "malformed"
  | "unsigned"
  | "bad_signature"
  | "wrong_issuer"
  | "wrong_audience"
  | "wrong_destination"
  | "expired"
  | "not_yet_valid"
  | "status_not_success"
  | "wrapping"
  | "missing_subject";

/** What a verified assertion says, read only from the signed bytes. */
export interface VerifiedAssertion {
  id: string;
  nameID: string;
  nameIDFormat: string | null;
  email: string | null;
  displayName: string | null;
  attributes: Record<string, string[]>;
  inResponseTo: string | null;
  /** The earliest expiry of the assertion's conditions and bearer confirmation. */
  notOnOrAfter: Date;
  /** Until when the assertion would still be accepted (`notOnOrAfter` plus the tolerated skew): the replay cache keeps its id that long. */
  acceptedUntil: Date;
  sessionIndex: string | null;
}

/** The outcome of verifySamlResponse: the assertion, or a refusal with its code and reason. */
export type SamlResult =
  | { ok: true; assertion: VerifiedAssertion }
  | { ok: false; code: SamlFailure; reason: string };

/** A refusal raised deep in the checks and turned into a SamlResult at the top. */
export class SamlRefusal extends Error {
  constructor(
    readonly code: SamlFailure,
    reason: string,
  ) {
    super(reason);
  }
}
