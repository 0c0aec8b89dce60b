import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { count, eq } from "drizzle-orm";
import {
  apiTokens,
  orgMembers,
  samlProviders,
  ssoAssertions,
  ssoCodes,
  ssoMembers,
  ssoRequests,
  teamMembers,
  users,
} from "../../src/db/schema";
import { as, workerFetch } from "./api";
import { makeOrg, testDb, unique, type TestUser } from "./factories";
import { createTestIdp, type TestIdp } from "./saml-idp";
import { markVerified } from "./domains";

/** A provider as the API returns it (the fields the tests read). */
export interface WireProvider {
  id: string;
  defaultRole: string | null;
  service: { acsURL: string; startURL: string; entityID: string };
  [key: string]: unknown;
}

/** A provider body for a test IdP, with optional overrides. */
export function providerBody(idp: TestIdp, extra: Record<string, unknown> = {}) {
  return {
    label: "Test IdP",
    entityID: idp.entityID,
    certificate: idp.certificatePem,
    ssoURL: idp.ssoURL,
    ...extra,
  };
}

/** Creates a provider through the API as `admin`; fails the test unless 201. */
export async function createProvider(
  admin: TestUser,
  organizationId: string,
  body: Record<string, unknown>,
): Promise<WireProvider> {
  const res = await as(admin.token).post(`/orgs/${organizationId}/saml`, body);
  if (res.status !== 201) throw new Error(`provider not created: ${res.status} ${res.text}`);
  return res.body as WireProvider;
}

/**
 * An organization (with e-mail domain `sso.example`, verified unless `verified: false`: only a
 * verified domain lets its IdP create accounts) and an IdP registered as its provider.
 */
export async function makeSamlSetup(
  extra: Record<string, unknown> = {},
  orgOptions: { emailDomains?: string[]; verified?: boolean } = {},
) {
  const idp = await createTestIdp();
  const emailDomains = orgOptions.emailDomains ?? ["sso.example"];
  const { org, owner } = await makeOrg({ emailDomains });
  if (orgOptions.verified !== false) await markVerified(org.id, emailDomains);
  const provider = await createProvider(owner, org.id, providerBody(idp, extra));
  return { idp, org, owner, provider };
}

/** Follows the provider's start URL: the IdP redirect and its decoded AuthnRequest. */
export async function startLogin(idp: TestIdp, provider: WireProvider) {
  const res = await workerFetch(provider.service.startURL, { redirect: "manual" });
  const location = res.headers.get("Location") ?? "";
  return { res, location, request: location ? idp.decodeRedirect(location) : null };
}

/** Posts a SAMLResponse (and RelayState) to the ACS as the browser's auto-submitted form does. */
export async function postAcs(
  provider: WireProvider,
  samlResponse: string,
  relayState?: string | null,
) {
  const form = new URLSearchParams({ SAMLResponse: samlResponse });
  if (relayState) form.set("RelayState", relayState);
  const res = await workerFetch(provider.service.acsURL, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form.toString(),
    redirect: "manual",
  });
  return { res, status: res.status, text: await res.text(), location: res.headers.get("Location") };
}

/** The one-time code in the ACS redirect to the app's callback. */
export function codeOf(location: string | null): string {
  const url = new URL(location ?? "");
  if (url.pathname !== "/sso/callback") throw new Error(`unexpected redirect ${location}`);
  return url.searchParams.get("code") ?? "";
}

/** A complete SP-initiated login of `email` through the test IdP; the ACS answer. */
export async function samlLogin(idp: TestIdp, provider: WireProvider, email: string) {
  const { request } = await startLogin(idp, provider);
  const samlResponse = await idp.response({
    spEntityID: provider.service.entityID,
    acsURL: provider.service.acsURL,
    nameID: email,
    inResponseTo: request!.id,
  });
  return postAcs(provider, samlResponse, request!.relayState);
}

/** How many credentials (API tokens and sign-in sessions) a user holds. */
export async function credentialsOf(userId: string): Promise<number> {
  const [row] = await testDb()
    .select({ n: count() })
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId));
  return row!.n;
}

/** A fresh e-mail address in the organization's domain. */
export function ssoEmail(): string {
  return `${unique("person")}@sso.example`;
}

/** Everything an ACS can write, counted: a refusal must leave every number as it was. */
export async function provisioningCounts(organizationId: string) {
  const db = testDb();
  const [u, m, c, s, a, t] = await db.batch([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(orgMembers).where(eq(orgMembers.organizationId, organizationId)),
    db.select({ n: count() }).from(ssoCodes),
    db.select({ n: count() }).from(ssoMembers),
    db.select({ n: count() }).from(ssoAssertions),
    db.select({ n: count() }).from(teamMembers),
  ]);
  return {
    users: u[0]!.n,
    members: m[0]!.n,
    codes: c[0]!.n,
    ssoMembers: s[0]!.n,
    assertions: a[0]!.n,
    teamMembers: t[0]!.n,
  };
}

/** The live AuthnRequest records of a provider. */
export async function pendingRequests(providerId: string) {
  return testDb().select().from(ssoRequests).where(eq(ssoRequests.providerId, providerId));
}

/** The stored provider row (to check the sealed key). */
export async function providerRow(providerId: string) {
  const [row] = await testDb().select().from(samlProviders).where(eq(samlProviders.id, providerId));
  return row;
}

/** A self-signed PEM certificate valid over [notBefore, notAfter] (expired or future ones too). */
export async function makeCertificate(notBefore: Date, notAfter: Date): Promise<string> {
  const alg = {
    name: "RSASSA-PKCS1-v1_5",
    hash: "SHA-256",
    publicExponent: new Uint8Array([1, 0, 1]),
    modulusLength: 2048,
  };
  const keys = (await crypto.subtle.generateKey(alg, true, ["sign", "verify"])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: "01",
    name: new x509.Name([{ CN: ["Expired IdP"] }]),
    notBefore,
    notAfter,
    signingAlgorithm: alg,
    keys,
  });
  return cert.toString("pem");
}
