/** Types of identity.mjs, for the workerd tests that compare it with src/auth/tokens.ts. */
export const TOKEN_PREFIX: "quire_";
export interface MintedToken {
  secret: string;
  digest: string;
  hint: string;
}
export function newId(length?: number): string;
export function sha256Hex(text: string): Promise<string>;
export function mintToken(): Promise<MintedToken>;
export function isWellFormedToken(value: string): boolean;
export function nowIso(): string;
export interface MintedSignInLink {
  token: string;
  digest: string;
}
export function mintSignInLink(): Promise<MintedSignInLink>;
