#!/usr/bin/env node
// `npm run sso:idp`: a local SAML identity provider for `npm run dev`, so SAML sign-in can be tried
// with no external IdP. It keeps an RSA key (or, with --key ec, a P-256 EC key signing
// ECDSA-SHA256) and a self-signed certificate in .sso-idp/ (created on the first run, reused after), prints the provider values to register in Quire (and writes them
// to .sso-idp/provider.json for the printed curl), and serves http://localhost:8788/sso:
//   - SP-initiated: Quire's startURL redirects here with a SAMLRequest (and RelayState); this shows
//     a small form (e-mail, name), or takes ?email=&name= directly, and answers with an
//     auto-submitting form that POSTs the signed SAMLResponse and the RelayState to the ACS.
//   - IdP-initiated: /sso?acs=<acsURL>&sp=<SP entityID>&email=... (the provider must allow it).
//   - &post=1: this server POSTs the form itself and prints the ACS's answer (status, Location with
//     the one-time code): a whole login with curl, no browser.
// Usage: npm run sso:idp [-- --port 8788] [-- --api http://localhost:8787] [-- --key ec]   (--help for more)
import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { DOMParser } from "@xmldom/xmldom";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { randomUUID, sign as signBytes, webcrypto } from "node:crypto";
import { resolve } from "node:path";
import { URLSearchParams } from "node:url";
import { inflateRawSync } from "node:zlib";
import { SignedXml } from "xml-crypto";

const ROOT = resolve(import.meta.dirname, "..");
const DIR = resolve(ROOT, ".sso-idp");
const USAGE = `Usage: npm run sso:idp [-- --port <port>] [-- --api <origin>] [-- --key rsa|ec]

A local SAML identity provider for \`npm run dev\` (signs anyone in, no password: local use only).
  --port <port>    port of this IdP (default 8788, or SSO_IDP_PORT)
  --api <origin>   origin of the Quire API the printed commands call
                   (default http://localhost:8787, or QUIRE_API; e.g. after \`npm run dev -- --port 8790\`)
  --key rsa|ec     the signing key: RSA with RSA-SHA256 (default), or EC P-256 with ECDSA-SHA256
                   (its own key and certificate: register the provider again after switching)
  --help           this text

Keeps its key and certificate in .sso-idp/, writes the provider body to .sso-idp/provider.json,
prints the commands that register it and sign in, and serves:
  /sso        SP-initiated (Quire's startURL redirects here); add &email=…&post=1 to sign in with curl
              IdP-initiated: /sso?acs=<service.acsURL>&sp=<service.entityID>&email=…
  /metadata   this IdP's metadata (its entity ID)
  /cert.pem   its certificate`;

/** The value after a flag (`--port 8788` or `--port=8788`), or undefined. */
function option(name) {
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    if (args[i] === name) return args[i + 1];
    if (args[i].startsWith(`${name}=`)) return args[i].slice(name.length + 1);
  }
  return undefined;
}

if (process.argv.includes("--help") || process.argv.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
const PORT = Number(option("--port") ?? process.env.SSO_IDP_PORT ?? 8788);
if (!Number.isInteger(PORT) || PORT < 1 || PORT > 65535) {
  console.error(`--port must be a port number\n\n${USAGE}`);
  process.exit(2);
}
const API_ORIGIN = (option("--api") ?? process.env.QUIRE_API ?? "http://localhost:8787").replace(
  /\/+(v1\/?)?$/,
  "",
);
const KEY = option("--key") ?? "rsa";
if (KEY !== "rsa" && KEY !== "ec") {
  console.error(`--key must be rsa or ec\n\n${USAGE}`);
  process.exit(2);
}
const BASE = `http://localhost:${PORT}`;
const ENTITY_ID = `${BASE}/metadata`;
const SSO_URL = `${BASE}/sso`;
const P = "urn:oasis:names:tc:SAML:2.0:protocol";
const A = "urn:oasis:names:tc:SAML:2.0:assertion";
const EXC_C14N = "http://www.w3.org/2001/10/xml-exc-c14n#";

x509.cryptoProvider.set(webcrypto);

/** The key and certificate of .sso-idp/, created on the first run. */
async function identity() {
  const prefix = KEY === "ec" ? "ec-" : "";
  const keyFile = resolve(DIR, `${prefix}key.pem`);
  const certFile = resolve(DIR, `${prefix}cert.pem`);
  if (existsSync(keyFile) && existsSync(certFile)) {
    return {
      keyPem: readFileSync(keyFile, "utf8"),
      certPem: readFileSync(certFile, "utf8"),
      created: false,
    };
  }
  mkdirSync(DIR, { recursive: true });
  const alg =
    KEY === "ec"
      ? { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" }
      : {
          name: "RSASSA-PKCS1-v1_5",
          hash: "SHA-256",
          publicExponent: new Uint8Array([1, 0, 1]),
          modulusLength: 2048,
        };
  const keys = await webcrypto.subtle.generateKey(alg, true, ["sign", "verify"]);
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: Buffer.from(webcrypto.getRandomValues(new Uint8Array(8)))
      .toString("hex")
      .replace(/^./, "1"),
    name: "CN=Quire local test IdP",
    notBefore: new Date(Date.now() - 86_400_000),
    notAfter: new Date(Date.now() + 5 * 365 * 86_400_000),
    signingAlgorithm: alg,
    keys,
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey("pkcs8", keys.privateKey)).toString(
    "base64",
  );
  const keyPem = `-----BEGIN PRIVATE KEY-----\n${pkcs8.replace(/.{64}/g, "$&\n")}\n-----END PRIVATE KEY-----\n`;
  const certPem = cert.toString("pem") + "\n";
  writeFileSync(keyFile, keyPem, { mode: 0o600 });
  writeFileSync(certFile, certPem);
  return { keyPem, certPem, created: true };
}

const esc = (s) =>
  String(s)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
const instant = (d) => d.toISOString().replace(/\.\d{3}Z$/, "Z");

/** The fields of a deflated, base64 AuthnRequest (HTTP-Redirect binding). */
function readAuthnRequest(samlRequest) {
  const xml = inflateRawSync(Buffer.from(samlRequest, "base64")).toString("utf8");
  if (/<!DOCTYPE/i.test(xml)) throw new Error("DTDs are refused");
  const root = new DOMParser().parseFromString(xml, "text/xml").documentElement;
  if (!root || root.localName !== "AuthnRequest") throw new Error("not an AuthnRequest");
  const issuer = root.getElementsByTagNameNS(A, "Issuer")[0]?.textContent?.trim();
  const acs = root.getAttribute("AssertionConsumerServiceURL");
  if (!issuer || !acs)
    throw new Error("the AuthnRequest has no Issuer or AssertionConsumerServiceURL");
  return { id: root.getAttribute("ID"), issuer, acs };
}

const RSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";
const ECDSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256";

/** xml-crypto's algorithm for ECDSA-SHA256: XML-DSig wants raw r||s (RFC 4050), not DER. */
class EcdsaSha256 {
  getSignature(signedInfo, privateKey) {
    const data = Buffer.from(signedInfo);
    return signBytes("sha256", data, { key: privateKey, dsaEncoding: "ieee-p1363" }).toString(
      "base64",
    );
  }
  verifySignature() {
    throw new Error("this IdP only signs");
  }
  getAlgorithmName() {
    return ECDSA_SHA256;
  }
}

/** A Response with one assertion for `who`, the assertion signed (RSA-SHA256 or ECDSA-SHA256, exc-c14n). */
function signedResponse({ keyPem, certPem }, { acs, audience, inResponseTo, email, name }) {
  const now = new Date();
  const later = instant(new Date(now.getTime() + 5 * 60_000));
  const assertionId = `_${randomUUID().replace(/-/g, "")}`;
  const irt = inResponseTo ? ` InResponseTo="${esc(inResponseTo)}"` : "";
  const attr = (n, v) =>
    `<saml:Attribute Name="${n}"><saml:AttributeValue>${esc(v)}</saml:AttributeValue></saml:Attribute>`;
  const xml =
    `<samlp:Response xmlns:samlp="${P}" xmlns:saml="${A}" ID="_${randomUUID().replace(/-/g, "")}" Version="2.0" ` +
    `IssueInstant="${instant(now)}" Destination="${esc(acs)}"${irt}><saml:Issuer>${esc(ENTITY_ID)}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    `<saml:Assertion ID="${assertionId}" Version="2.0" IssueInstant="${instant(now)}"><saml:Issuer>${esc(ENTITY_ID)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${esc(email)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${irt} ` +
    `NotOnOrAfter="${later}" Recipient="${esc(acs)}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${instant(new Date(now.getTime() - 30_000))}" NotOnOrAfter="${later}">` +
    `<saml:AudienceRestriction><saml:Audience>${esc(audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${instant(now)}" SessionIndex="${assertionId}"><saml:AuthnContext>` +
    `<saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:unspecified</saml:AuthnContextClassRef>` +
    `</saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement>${attr("email", email)}` +
    (name ? attr("displayName", name) : "") +
    `</saml:AttributeStatement></saml:Assertion></samlp:Response>`;
  const body = certPem.replace(/-----[A-Z ]+-----|\s+/g, "");
  const sig = new SignedXml({
    privateKey: keyPem,
    signatureAlgorithm: KEY === "ec" ? ECDSA_SHA256 : RSA_SHA256,
    canonicalizationAlgorithm: EXC_C14N,
    getKeyInfoContent: ({ prefix } = {}) => {
      const p = prefix ? `${prefix}:` : "";
      return `<${p}X509Data><${p}X509Certificate>${body}</${p}X509Certificate></${p}X509Data>`;
    },
  });
  sig.SignatureAlgorithms[ECDSA_SHA256] = EcdsaSha256;
  sig.addReference({
    xpath: `//*[@ID='${assertionId}']`,
    digestAlgorithm: "http://www.w3.org/2001/04/xmlenc#sha256",
    transforms: ["http://www.w3.org/2000/09/xmldsig#enveloped-signature", EXC_C14N],
  });
  sig.computeSignature(xml, {
    prefix: "ds",
    location: { reference: `//*[@ID='${assertionId}']/*[local-name(.)='Issuer']`, action: "after" },
  });
  return Buffer.from(sig.getSignedXml(), "utf8").toString("base64");
}

const page = (title, body) =>
  `<!doctype html><meta charset="utf-8"><title>${esc(title)}</title>` +
  `<body style="font-family:system-ui;max-width:32rem;margin:3rem auto">${body}</body>`;

/** The login form: the AuthnRequest fields go back as hidden inputs. */
function loginForm(query) {
  const hidden = ["SAMLRequest", "RelayState", "acs", "sp"]
    .filter((k) => query.get(k))
    .map((k) => `<input type="hidden" name="${k}" value="${esc(query.get(k))}">`)
    .join("");
  return page(
    "Local test IdP",
    `<h1>Local test IdP</h1><p>Sign in as anyone: this IdP asks for no password.</p>` +
      `<form method="get" action="/sso">${hidden}<p><label>E-mail<br><input name="email" type="email" required ` +
      `value="ada@example.com"></label></p><p><label>Name<br><input name="name" value="Ada Lovelace"></label></p>` +
      `<button>Sign in</button></form>`,
  );
}

/** Handles /sso: the form, or the signed Response posted to the ACS (by the browser or by us). */
async function sso(query, res, id) {
  let target;
  if (query.get("SAMLRequest")) {
    const request = readAuthnRequest(query.get("SAMLRequest"));
    target = { acs: request.acs, audience: request.issuer, inResponseTo: request.id };
  } else if (query.get("acs") && query.get("sp")) {
    target = { acs: query.get("acs"), audience: query.get("sp"), inResponseTo: null };
  } else {
    throw new Error("expected a SAMLRequest (SP-initiated) or acs= and sp= (IdP-initiated)");
  }
  const email = query.get("email");
  if (!email) return send(res, 200, loginForm(query));
  const samlResponse = signedResponse(id, { ...target, email, name: query.get("name") });
  const relayState = query.get("RelayState");
  if (query.get("post") === "1") {
    const form = new URLSearchParams({
      SAMLResponse: samlResponse,
      ...(relayState ? { RelayState: relayState } : {}),
    });
    const answer = await fetch(target.acs, { method: "POST", body: form, redirect: "manual" });
    const location = answer.headers.get("location");
    const text =
      `ACS ${target.acs} answered ${answer.status}\n` +
      (location ? `Location: ${location}\n` : await answer.text());
    return send(res, 200, text, "text/plain; charset=utf-8");
  }
  const relay = relayState
    ? `<input type="hidden" name="RelayState" value="${esc(relayState)}">`
    : "";
  return send(
    res,
    200,
    page(
      "Signing in…",
      `<form method="post" action="${esc(target.acs)}"><input type="hidden" name="SAMLResponse" value="${samlResponse}">` +
        `${relay}<noscript><button>Continue</button></noscript></form><script>document.forms[0].submit()</script>`,
    ),
  );
}

/** This IdP's metadata (entity id, certificate, Redirect-binding SSO URL) at its entity id. */
function idpMetadata(certPem) {
  const body = certPem.replace(/-----[A-Z ]+-----|\s+/g, "");
  return (
    `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${esc(ENTITY_ID)}">` +
    `<md:IDPSSODescriptor protocolSupportEnumeration="${P}" WantAuthnRequestsSigned="false">` +
    `<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data>` +
    `<ds:X509Certificate>${body}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>` +
    `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${SSO_URL}"/>` +
    `</md:IDPSSODescriptor></md:EntityDescriptor>\n`
  );
}

function send(res, status, body, type = "text/html; charset=utf-8") {
  res.writeHead(status, { "Content-Type": type, "Cache-Control": "no-store" });
  res.end(body);
}

const id = await identity();
const provider = {
  label: "Local test IdP",
  entityID: ENTITY_ID,
  ssoURL: SSO_URL,
  certificate: id.certPem.trim(),
};
writeFileSync(
  resolve(DIR, "provider.json"),
  JSON.stringify({ ...provider, allowIdPInitiated: true }, null, 2) + "\n",
);
createServer((req, res) => {
  const url = new URL(req.url ?? "/", BASE);
  const done = (error) => send(res, 400, page("Error", `<p>${esc(error.message)}</p>`));
  if (url.pathname === "/sso") return void sso(url.searchParams, res, id).catch(done);
  if (url.pathname === "/cert.pem") return send(res, 200, id.certPem, "application/x-pem-file");
  if (url.pathname === "/metadata")
    return send(res, 200, idpMetadata(id.certPem), "application/samlmetadata+xml");
  send(res, 404, page("Not found", "<p>This IdP serves /sso.</p>"));
}).listen(PORT, () => {
  console.log(
    `✓ Local test IdP on ${BASE} (key and certificate ${id.created ? "created" : "reused"} in .sso-idp/)`,
  );
  console.log(`\nRegister it in Quire (values also in .sso-idp/provider.json):`);
  console.log(
    `  entityID     ${ENTITY_ID}\n  ssoURL       ${SSO_URL}\n  certificate  .sso-idp/cert.pem\n`,
  );
  console.log(
    `  API=${API_ORIGIN}/v1; AUTH="Authorization: Bearer $(cat .wrangler/quire-demo-token)"`,
  );
  console.log(
    `  ORG=$(curl -s -H "$AUTH" $API/orgs | node -pe 'JSON.parse(require("fs").readFileSync(0)).items[0].id')`,
  );
  console.log(
    `  START=$(curl -s -X POST -H "$AUTH" -H "Content-Type: application/json" --data @.sso-idp/provider.json \\`,
  );
  console.log(
    `    $API/orgs/$ORG/saml | node -pe 'JSON.parse(require("fs").readFileSync(0)).service.startURL')`,
  );
  console.log(
    `\nThen open $START in a browser, or sign in with curl (prints the ACS answer and its code):`,
  );
  console.log(
    `  curl -s "$(curl -s -o /dev/null -w '%{redirect_url}' "$START")&email=ada@example.com&post=1"`,
  );
});
