import type { PublishedSiteContent, PublishedContentRedirect } from "@gitbook/api";
import { ApiClient, isApiStatus } from "../api/client";
import { readerMemory } from "../cache/memory";
import type { Credentials } from "./credentials";

/**
 * Which published content a URL shows to this visitor: `POST /v1/urls/published`, as GitBook's
 * renderer asks it. Answers are remembered per isolate for a few seconds, keyed by the URL and
 * the visitor's credentials, so a page view served from the reader's cache costs no API call,
 * and a publish, an unpublish or a revoked share link shows within `RESOLUTION_TTL_MS`.
 */

/** How long a resolution is reused: readers see a merge or a publish within this (≤ 10 s). */
export const RESOLUTION_TTL_MS = 4000;

/** What a URL resolves to for this visitor. */
export type Resolution =
  | { kind: "content"; content: PublishedSiteContent }
  | { kind: "login"; location: string }
  | { kind: "missing" };

const resolutions = readerMemory<Resolution>("resolutions", 5000);

/** The visitor payload the API reads adaptive claims and the visitor token from. */
function visitorOf(credentials: Credentials) {
  return {
    type: "human" as const,
    unsignedClaims: credentials.unsigned,
    ...(credentials.jwt ? { jwtToken: credentials.jwt } : {}),
  };
}

/** Resolves `url` (without the reader's own suffixes) for a visitor with `credentials`. */
export async function resolveSiteUrl(
  api: Fetcher,
  url: string,
  credentials: Credentials,
): Promise<Resolution> {
  const target = new URL(url);
  target.search = "";
  if (credentials.share) target.searchParams.set("share", credentials.share);
  const key = [target.toString(), credentials.jwt ?? "", JSON.stringify(credentials.unsigned)].join(
    "\n",
  );
  const known = resolutions.get(key);
  if (known) return known;
  let resolution: Resolution;
  try {
    const answer = await new ApiClient(api).post<PublishedSiteContent | PublishedContentRedirect>(
      "/urls/published",
      { url: target.toString(), visitor: visitorOf(credentials), redirectOnError: true },
    );
    resolution =
      "redirect" in answer
        ? { kind: "login", location: answer.redirect }
        : { kind: "content", content: answer };
  } catch (error) {
    if (!isApiStatus(error, 400, 404)) throw error;
    resolution = { kind: "missing" };
  }
  resolutions.set(key, resolution, RESOLUTION_TTL_MS);
  return resolution;
}
