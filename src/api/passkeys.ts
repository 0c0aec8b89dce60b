import { z } from "@hono/zod-openapi";
import { pathString } from "./common";

/** Path of one of the caller's passkeys. */
export const PasskeyParams = z.object({ passkeyId: pathString("passkeyId") });

/** base64url text as WebAuthn's JSON serialization writes it. */
const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, "must be base64url");

/** A passkey's name, chosen by its owner ("Laptop", "Phone"). */
const PasskeyName = z.string().trim().min(1).max(60);

/** The browser's `PublicKeyCredential.toJSON()` of a registration (WebAuthn Level 3). */
const RegistrationResponse = z
  .looseObject({
    id: b64url(1366).min(1),
    rawId: b64url(1366).min(1),
    type: z.literal("public-key"),
    response: z.looseObject({
      clientDataJSON: b64url(8192).min(1),
      attestationObject: b64url(65536).min(1),
      transports: z.array(z.string().max(32)).max(10).optional(),
    }),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.string().max(32).optional(),
  })
  .openapi({ description: "`PublicKeyCredential.toJSON()` of `navigator.credentials.create`" });

/** The browser's `PublicKeyCredential.toJSON()` of a sign-in. */
const AuthenticationResponse = z
  .looseObject({
    id: b64url(1366).min(1),
    rawId: b64url(1366).min(1),
    type: z.literal("public-key"),
    response: z.looseObject({
      clientDataJSON: b64url(8192).min(1),
      authenticatorData: b64url(8192).min(1),
      signature: b64url(2048).min(1),
      userHandle: b64url(512).optional(),
    }),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.string().max(32).optional(),
  })
  .openapi({ description: "`PublicKeyCredential.toJSON()` of `navigator.credentials.get`" });

/** Body of `POST /v1/user/passkeys`: the new passkey's name and the browser's answer. */
export const CreatePasskeyBody = z
  .object({ name: PasskeyName, response: RegistrationResponse })
  .strict();

/** Body of `PATCH /v1/user/passkeys/{passkeyId}`. */
export const RenamePasskeyBody = z.object({ name: PasskeyName }).strict();

/** Body of `POST /v1/sessions/passkey`. */
export const PasskeySignInBody = z.object({ response: AuthenticationResponse }).strict();

/** WebAuthn options for the browser (`PublicKeyCredential.parseCreationOptionsFromJSON`…). */
export const WebAuthnOptionsSchema = z
  .looseObject({
    challenge: z.string(),
    rpId: z.string().optional(),
    timeout: z.number().optional(),
  })
  .openapi("WebAuthnOptions", {
    description:
      "PublicKeyCredentialCreationOptionsJSON (registration) or PublicKeyCredentialRequestOptionsJSON (sign-in)",
  });

/** A person's passkey as they see it (a Quire extension); no key material. */
export const PasskeySchema = z
  .object({
    object: z.literal("passkey"),
    id: z.string(),
    name: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    transports: z.array(z.string()),
  })
  .openapi("Passkey");

/** A passkey's wire type. */
export type Passkey = z.infer<typeof PasskeySchema>;
