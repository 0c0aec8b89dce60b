import { deploymentAddresses, sitesBaseUrl } from "../../lib/site-urls";
import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import { errorResponses, jsonBody, jsonResponse } from "../../api-document/common";
import { signingSecretOf } from "../../http/signing-secret";
import { mintSiteToken } from "../../auth/site-token";
import { previewGrantFor } from "../../auth/preview-grant";
import type { PreviewGrant } from "../../env";
import { notFound } from "../../lib/errors";
import { resolvePublishedUrl, type ResolvedContent } from "../../services/sites/url-resolution";
import {
  PublishedSiteContentLookupSchema,
  ResolveUrlBody,
  type PublishedSiteContentLookup,
} from "../../api/urls";
import { readerOperation } from "../../http/route-facts";

/** URL resolution: how a renderer finds the published content behind a URL, and its token. */
export const publishedUrlRoutes = createRouter();

/** The official PublishedSiteContent of a resolution, with the site token minted for it. */
function presentResolved(
  resolved: ResolvedContent,
  apiToken: string,
  preview: PreviewGrant | null,
): PublishedSiteContentLookup {
  const { site, section, siteSpace, space } = resolved;
  const origin = new URL(resolved.siteUrl).origin;
  const canonical = `${origin}${resolved.basePath}${resolved.pathname}`;
  return {
    site: site.id,
    ...(section ? { siteSection: section.id } : {}),
    siteSpace: siteSpace.id,
    space: space.id,
    pathname: resolved.pathname,
    basePath: resolved.basePath,
    siteBasePath: resolved.siteBasePath,
    apiToken,
    organization: site.organizationId,
    ...(resolved.shareKey ? { shareKey: resolved.shareKey } : {}),
    ...(preview?.changeRequest ? { changeRequest: preview.changeRequest, preview: true } : {}),
    ...(preview?.revision ? { revision: preview.revision, preview: true } : {}),
    complete: true,
    canonicalUrl: canonical.length > origin.length + 1 ? canonical.replace(/\/$/, "") : canonical,
  };
}

publishedUrlRoutes.openapi(
  createRoute({
    method: "post",
    path: "/urls/published",
    tags: ["urls"],
    summary: "Resolve a URL of published content, with a site API token to read it",
    description:
      "No token needed. The URL is matched (scheme ignored, longest prefix wins) against the " +
      "published sites' custom host names, proxy origins and app-hosted addresses; then the " +
      "site's audience: public and unlisted sites resolve for anyone, share-link sites with the " +
      "key of an active share link (`?share=` or the first path segment), visitor-auth sites " +
      "with a visitor JWT signed by the site's key (`visitor.jwtToken` or `?jwt_token=`; without " +
      "one, the redirect to the site's login when it has a fallback URL). The answer's " +
      "`apiToken` is a site API token: a JWT that reads this site's published content, read " +
      "only, for an hour (never longer than the visitor JWT it carries the claims of). A member's " +
      "preview URL (`~/revisions/<id>`, `~/changes/<id>`) resolves only with the Quire token of " +
      "a member who reads the space, for a change request or revision of that space; its site " +
      "token also reads that change request (with the revisions of its line) or that revision, " +
      "and no other. Anything else is 404.",
    security: [],
    middleware: [readerOperation("anonymous")],
    request: { body: jsonBody(ResolveUrlBody) },
    responses: {
      200: jsonResponse(PublishedSiteContentLookupSchema, "OK"),
      ...errorResponses(400, 404),
    },
  }),
  async (c) => {
    const body = c.req.valid("json");
    const resolved = await resolvePublishedUrl(c.get("db"), body, {
      sitesUrl: sitesBaseUrl(c.env),
      ownAddresses: deploymentAddresses(c.env),
    });
    if (!resolved) throw notFound("Published content");
    if (resolved.kind === "redirect") {
      return c.json({ target: resolved.target, redirect: resolved.redirect }, 200);
    }
    // A preview is a member's: a Quire token whose user reads the space, of a change request or
    // revision of that space (else the same 404); the token previews that one only.
    const preview = resolved.preview
      ? await previewGrantFor(c, resolved.space.id, resolved.preview)
      : null;
    if (resolved.preview && !preview) throw notFound("Published content");
    const { token } = await mintSiteToken(
      signingSecretOf(c),
      {
        organization: resolved.site.organizationId,
        site: resolved.site.id,
        siteSpace: resolved.siteSpace.id,
        ...(resolved.section ? { siteSection: resolved.section.id } : {}),
        space: resolved.space.id,
        spaces: resolved.spaces,
        publicationVersion: resolved.site.publicationVersion,
        claims: resolved.claims,
        adaptive: resolved.site.adaptiveContent,
        visitorType: resolved.visitorType,
        ...(resolved.shareKey ? { shareKey: resolved.shareKey } : {}),
        ...(preview ? { draft: true, preview } : {}),
      },
      { notAfter: resolved.notAfter },
    );
    c.header("Cache-Control", "private, no-store");
    return c.json(presentResolved(resolved, token, preview), 200);
  },
);
