/**
 * The three values `POST /v1/orgs/{id}/saml` needs, read from an identity provider's metadata XML
 * pasted on the sign-in settings screen: its entity ID, its single sign-on URL (the
 * HTTP-Redirect binding, the one Quire's start uses) and its signing certificate. Only what is
 * read here reaches the API, which checks each value as it checks typed ones; nothing is
 * fetched (a metadata URL would make the app fetch addresses an admin types).
 */

/** The IdP values read from metadata, or the name of the first one missing. */
type MetadataValues =
  | { ok: true; entityID: string; ssoURL: string; certificate: string }
  | { ok: false; missing: string };

/** Largest metadata document read (an IdP's is a few KB; several certificates fit easily). */
export const MAX_METADATA_CHARS = 100_000;

const REDIRECT_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";

/** An attribute's value in one start tag (`name="value"` or single quotes), XML-unescaped. */
function attribute(tag: string, name: string): string | null {
  const found = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(tag);
  const raw = found ? (found[1] ?? found[2] ?? "") : null;
  return raw === null ? null : unescapeXml(raw).trim();
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

/** The start tags of elements with a local name, whatever their namespace prefix. */
function startTags(xml: string, localName: string): string[] {
  return xml.match(new RegExp(`<(?:[\\w.-]+:)?${localName}\\b[^>]*>`, "g")) ?? [];
}

/** The signing certificate: of a `use="signing"` key, else of a key without `use`. */
function signingCertificate(xml: string): string | null {
  const keys = xml.match(
    /<(?:[\w.-]+:)?KeyDescriptor\b[^>]*>[\s\S]*?<\/(?:[\w.-]+:)?KeyDescriptor>/g,
  );
  const ordered = [
    ...(keys ?? []).filter((k) => attribute(k.slice(0, k.indexOf(">") + 1), "use") === "signing"),
    ...(keys ?? []).filter((k) => attribute(k.slice(0, k.indexOf(">") + 1), "use") === null),
  ];
  for (const key of ordered) {
    const cert =
      /<(?:[\w.-]+:)?X509Certificate\b[^>]*>([\s\S]*?)<\/(?:[\w.-]+:)?X509Certificate>/.exec(key);
    const body = cert?.[1]?.replace(/\s+/g, "");
    if (body)
      return `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join("\n")}\n-----END CERTIFICATE-----`;
  }
  return null;
}

/** Reads the IdP values of a metadata document (an EntityDescriptor with an IDPSSODescriptor). */
export function readIdpMetadata(xml: string): MetadataValues {
  const text = xml.slice(0, MAX_METADATA_CHARS);
  const entity = startTags(text, "EntityDescriptor")[0];
  const entityID = entity ? attribute(entity, "entityID") : null;
  if (!entityID) return { ok: false, missing: "entityID on its EntityDescriptor" };
  const redirect = startTags(text, "SingleSignOnService").find(
    (tag) => attribute(tag, "Binding") === REDIRECT_BINDING,
  );
  const ssoURL = redirect ? attribute(redirect, "Location") : null;
  if (!ssoURL) return { ok: false, missing: "SingleSignOnService with the HTTP-Redirect binding" };
  const certificate = signingCertificate(text);
  if (!certificate) return { ok: false, missing: "signing X509Certificate" };
  return { ok: true, entityID, ssoURL, certificate };
}
