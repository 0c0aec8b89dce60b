import type { XmlElement } from "@xmldom/xmldom/lib/index.js";
import { SamlRefusal, type VerifiedAssertion } from "./types";
import { children, instantAttribute, NS_ASSERTION as A, onlyChild, textOf } from "./xml";

const BEARER = "urn:oasis:names:tc:SAML:2.0:cm:bearer";
const EMAIL_FORMAT = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
const CLAIMS = "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/";
const EMAIL_NAMES = [
  "email",
  "mail",
  "emailaddress",
  `${CLAIMS}emailaddress`,
  "urn:oid:0.9.2342.19200300.100.1.3",
];
const NAME_NAMES = [
  "displayname",
  "name",
  "http://schemas.microsoft.com/identity/claims/displayname",
  "urn:oid:2.16.840.1.113730.3.1.241",
];
const GIVEN_NAMES = [
  "givenname",
  "firstname",
  "first_name",
  `${CLAIMS}givenname`,
  "urn:oid:2.5.4.42",
];
const SURNAMES = ["sn", "surname", "lastname", "last_name", `${CLAIMS}surname`, "urn:oid:2.5.4.4"];

/** What the ACS expects, and the clock with its tolerated skew (milliseconds). */
export interface Expected {
  idpEntityID: string;
  spEntityID: string;
  acsURL: string;
  now: number;
  skew: number;
}

/** Refuses an instant window that does not contain `now` (give or take the skew). */
function checkWindow(element: XmlElement, what: string, expected: Expected): Date | null {
  const notBefore = instantAttribute(element, "NotBefore");
  if (notBefore && notBefore.getTime() - expected.skew > expected.now) {
    throw new SamlRefusal(
      "not_yet_valid",
      `the ${what} is valid only from ${notBefore.toISOString()}`,
    );
  }
  const notOnOrAfter = instantAttribute(element, "NotOnOrAfter");
  if (notOnOrAfter && expected.now - expected.skew >= notOnOrAfter.getTime()) {
    throw new SamlRefusal("expired", `the ${what} expired at ${notOnOrAfter.toISOString()}`);
  }
  return notOnOrAfter;
}

/** Conditions: the validity window and every AudienceRestriction naming this SP. */
function checkConditions(assertion: XmlElement, expected: Expected): Date | null {
  const conditions = onlyChild(assertion, A, "Conditions");
  if (!conditions)
    throw new SamlRefusal("wrong_audience", "the Assertion has no Conditions (no Audience)");
  const notOnOrAfter = checkWindow(conditions, "Assertion", expected);
  const restrictions = children(conditions, A, "AudienceRestriction");
  if (restrictions.length === 0)
    throw new SamlRefusal("wrong_audience", "the Assertion has no AudienceRestriction");
  for (const restriction of restrictions) {
    const audiences = children(restriction, A, "Audience").map(textOf);
    if (!audiences.includes(expected.spEntityID)) {
      throw new SamlRefusal(
        "wrong_audience",
        `the Assertion's Audience is not ${expected.spEntityID}`,
      );
    }
  }
  return notOnOrAfter;
}

/** The bearer confirmations: at least one must name this ACS and be current. */
function checkConfirmation(
  subject: XmlElement,
  expected: Expected,
): { notOnOrAfter: Date; inResponseTo: string | null } {
  const bearers = children(subject, A, "SubjectConfirmation").filter(
    (c) => c.getAttribute("Method") === BEARER,
  );
  if (bearers.length === 0)
    throw new SamlRefusal("missing_subject", "the Subject has no bearer SubjectConfirmation");
  let refusal: SamlRefusal | null = null;
  for (const bearer of bearers) {
    try {
      const data = onlyChild(bearer, A, "SubjectConfirmationData");
      if (!data)
        throw new SamlRefusal(
          "missing_subject",
          "the bearer confirmation has no SubjectConfirmationData",
        );
      if (data.getAttribute("Recipient") !== expected.acsURL) {
        throw new SamlRefusal("wrong_destination", `the Recipient is not ${expected.acsURL}`);
      }
      const notOnOrAfter = checkWindow(data, "SubjectConfirmationData", expected);
      if (!notOnOrAfter)
        throw new SamlRefusal("malformed", "the SubjectConfirmationData has no NotOnOrAfter");
      return { notOnOrAfter, inResponseTo: data.getAttribute("InResponseTo") || null };
    } catch (error) {
      if (!(error instanceof SamlRefusal)) throw error;
      refusal ??= error;
    }
  }
  throw refusal as SamlRefusal;
}

/** Every attribute's values, by attribute Name, across the AttributeStatements. */
function attributesOf(assertion: XmlElement): Record<string, string[]> {
  const found = new Map<string, string[]>();
  for (const statement of children(assertion, A, "AttributeStatement")) {
    for (const attribute of children(statement, A, "Attribute")) {
      const name = attribute.getAttribute("Name");
      if (!name) continue;
      const values = children(attribute, A, "AttributeValue").flatMap((v) => textOf(v) ?? []);
      found.set(name, [...(found.get(name) ?? []), ...values]);
    }
  }
  return Object.fromEntries(found);
}

/** The first value of the first attribute whose name (case-insensitive) is one of `names`. */
function pick(attributes: Record<string, string[]>, names: string[]): string | null {
  for (const wanted of names) {
    for (const [name, values] of Object.entries(attributes)) {
      if (name.toLowerCase() === wanted.toLowerCase() && values[0]) return values[0];
    }
  }
  return null;
}

/**
 * Reads and checks an Assertion taken from the signed bytes: Issuer, Conditions (window and
 * audience), the bearer confirmation (recipient and window), the subject, the attributes.
 */
export function readAssertion(
  assertion: XmlElement,
  responseInResponseTo: string | null,
  expected: Expected,
): VerifiedAssertion {
  const id = assertion.getAttribute("ID");
  if (!id || assertion.getAttribute("Version") !== "2.0")
    throw new SamlRefusal("malformed", "the Assertion has no ID or is not SAML 2.0");
  const issuer = textOf(onlyChild(assertion, A, "Issuer"));
  if (issuer !== expected.idpEntityID) {
    throw new SamlRefusal(
      "wrong_issuer",
      `the Assertion's Issuer is ${issuer ?? "missing"}, not ${expected.idpEntityID}`,
    );
  }
  const conditionsExpiry = checkConditions(assertion, expected);
  const subject = onlyChild(assertion, A, "Subject");
  const nameIDElement = subject ? onlyChild(subject, A, "NameID") : null;
  const nameID = textOf(nameIDElement);
  if (!subject || !nameIDElement || !nameID)
    throw new SamlRefusal("missing_subject", "the Assertion has no Subject NameID");
  const confirmation = checkConfirmation(subject, expected);
  if (
    responseInResponseTo &&
    confirmation.inResponseTo &&
    responseInResponseTo !== confirmation.inResponseTo
  ) {
    throw new SamlRefusal("malformed", "the Response and the Assertion answer different requests");
  }
  const attributes = attributesOf(assertion);
  const nameIDFormat = nameIDElement.getAttribute("Format") || null;
  const given = pick(attributes, GIVEN_NAMES);
  const surname = pick(attributes, SURNAMES);
  const authn = children(assertion, A, "AuthnStatement")[0];
  const expiries = [confirmation.notOnOrAfter.getTime(), conditionsExpiry?.getTime() ?? Infinity];
  const notOnOrAfter = Math.min(...expiries);
  return {
    id,
    nameID,
    nameIDFormat,
    email: pick(attributes, EMAIL_NAMES) ?? (nameIDFormat === EMAIL_FORMAT ? nameID : null),
    displayName:
      pick(attributes, NAME_NAMES) ?? ([given, surname].filter(Boolean).join(" ") || null),
    attributes,
    inResponseTo: confirmation.inResponseTo ?? responseInResponseTo,
    notOnOrAfter: new Date(notOnOrAfter),
    acceptedUntil: new Date(notOnOrAfter + expected.skew),
    sessionIndex: authn?.getAttribute("SessionIndex") || null,
  };
}
