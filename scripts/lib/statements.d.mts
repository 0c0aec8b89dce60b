/** Types of statements.mjs, for the workerd tests that run the plans against a real D1. */
import type { MintedSignInLink, MintedToken } from "./identity.mjs";

/** Rows of each statement of a plan, in order. */
export type Rows = Record<string, unknown>[][];

/** The statements of one D1 batch and the reader of their results. */
export interface Plan<T> {
  statements: string[];
  read(results: Rows): T;
}

export interface PrintedToken {
  id: string;
  label: string;
  hint: string;
  scopes: string[] | null;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revoked: boolean;
  revokedAt: string | null;
}

/** A D1 row as the plans read it. */
export type Row = Record<string, string | number | null>;

export function createUserPlan(input: {
  email: string;
  displayName: string;
  emailVerified?: boolean;
}): Plan<{ created: boolean; user: Row }>;
export function createOrganizationPlan(input: {
  title: string;
  ownerEmail: string;
  domains?: string[];
}): Plan<{ organization: Row | null }>;
export function issueTokenPlan(input: {
  email: string;
  label: string;
  scopes?: string[] | null;
  expiresAt?: string | null;
  minted: MintedToken;
}): Plan<{ token: PrintedToken | null; secret?: string }>;
export function revokeTokenPlan(input: {
  id: string;
}): Plan<{ found: boolean; revokedNow: boolean; token: PrintedToken | null }>;
export function signInLinkPlan(input: {
  email: string;
  minted: MintedSignInLink;
  now?: number;
}): Plan<{ link: { token: string; expiresAt: string } | null }>;
export function listTokensPlan(input: {
  email: string;
}): Plan<{ userFound: boolean; tokens: PrintedToken[] }>;
export function seedDemoPlan(input: {
  email: string;
  displayName: string;
  orgTitle: string;
  tokenLabel: string;
  savedDigest: string | null;
  minted: MintedToken;
}): Plan<{
  user: Row | undefined;
  organization: Row | undefined;
  userCreated: boolean;
  organizationCreated: boolean;
  tokenIssued: boolean;
}>;

/** A domain of an organization as the scripts print it. */
export interface PrintedDomain {
  domain: string;
  status: "pending" | "verified" | "failed";
  record: { type: "TXT"; name: string; value: string };
  verifiedAt: string | null;
  verifiedBy: "dns" | "operator" | null;
  lastCheckedAt: string | null;
  lastResult: string | null;
}

export const MAX_EMAIL_DOMAINS: number;
export function listDomainsPlan(input: {
  organizationId: string;
}): Plan<{ organization: Row | null; domains: PrintedDomain[] }>;
export function verifyDomainPlan(input: {
  organizationId: string;
  domain: string;
}): Plan<{ organization: Row | null; added: boolean; domain: PrintedDomain | null }>;
export function unverifyDomainPlan(input: {
  organizationId: string;
  domain: string;
}): Plan<{ organization: Row | null; unverifiedNow: boolean; domain: PrintedDomain | null }>;
