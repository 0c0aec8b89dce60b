/**
 * A software WebAuthn authenticator (ES256, "none" attestation) for the API tests: it answers
 * Quire's registration and sign-in options exactly as a browser's `PublicKeyCredential.toJSON()`
 * would, for any origin and RP id asked, so the server's checks (challenge, origin, RP id,
 * signature, counter) are tested without a browser. The real ceremonies in Chromium are
 * test-browser/passkeys.mjs.
 */

const encoder = new TextEncoder();

function b64url(bytes: Uint8Array): string {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromB64url(text: string): Uint8Array<ArrayBuffer> {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

/** The CBOR head of major type `major` with argument `n`. */
function head(major: number, n: number): Uint8Array<ArrayBuffer> {
  if (n < 24) return Uint8Array.of((major << 5) | n);
  if (n < 256) return Uint8Array.of((major << 5) | 24, n);
  return Uint8Array.of((major << 5) | 25, n >> 8, n & 255);
}

/** Minimal CBOR (RFC 8949): integers, text, bytes and maps, as attestation objects use them. */
function cbor(value: Cbor): Uint8Array<ArrayBuffer> {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = encoder.encode(value);
    return concat(head(3, bytes.length), bytes);
  }
  if (value instanceof Uint8Array) return concat(head(2, value.length), value);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return concat(...parts);
}

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
}

/** A raw r||s ECDSA signature as the DER SEQUENCE WebAuthn carries. */
function der(raw: Uint8Array): Uint8Array<ArrayBuffer> {
  const int = (x: Uint8Array) => {
    let i = 0;
    while (i < x.length - 1 && x[i] === 0) i++;
    let v = x.slice(i);
    if (v[0]! & 0x80) v = concat(Uint8Array.of(0), v);
    return concat(Uint8Array.of(2, v.length), v);
  };
  const body = concat(int(raw.slice(0, 32)), int(raw.slice(32)));
  return concat(Uint8Array.of(0x30, body.length), body);
}

/** One authenticator holding one credential. */
export async function softAuthenticator() {
  const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const credentialId = crypto.getRandomValues(new Uint8Array(16));
  const id = b64url(credentialId);
  let counter = 0;
  const authData = async (rpId: string, flags: number, extra = new Uint8Array(0)) =>
    concat(
      await sha256(encoder.encode(rpId)),
      Uint8Array.of(flags),
      Uint8Array.of(counter >>> 24, (counter >>> 16) & 255, (counter >>> 8) & 255, counter & 255),
      extra,
    );
  const clientData = (type: string, challenge: string, origin: string) =>
    encoder.encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  return {
    id,
    /** The answer to registration options (`navigator.credentials.create`). */
    async register(
      options: { challenge: string },
      origin: string,
      rpId = new URL(origin).hostname,
    ) {
      const jwk = await crypto.subtle.exportKey("jwk", keys.publicKey);
      const cose = cbor(
        new Map<number, Cbor>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, fromB64url(jwk.x!)],
          [-3, fromB64url(jwk.y!)],
        ]),
      );
      const attested = concat(
        new Uint8Array(16),
        Uint8Array.of(0, credentialId.length),
        credentialId,
        cose,
      );
      const data = await authData(rpId, 0x45, attested);
      const attestationObject = cbor(
        new Map<string, Cbor>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", data],
        ]),
      );
      return {
        id,
        rawId: id,
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientData("webauthn.create", options.challenge, origin)),
          attestationObject: b64url(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
      };
    },
    /** The answer to sign-in options (`navigator.credentials.get`), the counter moved on. */
    async signIn(options: { challenge: string }, origin: string, rpId = new URL(origin).hostname) {
      counter += 1;
      const data = await authData(rpId, 0x05);
      const client = clientData("webauthn.get", options.challenge, origin);
      const signed = concat(data, await sha256(client));
      const raw = new Uint8Array(
        await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, keys.privateKey, signed),
      );
      return {
        id,
        rawId: id,
        type: "public-key",
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(der(raw)),
        },
        clientExtensionResults: {},
      };
    },
  };
}
