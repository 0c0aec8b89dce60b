import { env } from "cloudflare:test";
import { base64url, hmac } from "../../src/lib/crypto";
import { issueToken } from "../../src/services/users/tokens";
import { as } from "../helpers/api";
import { makeCollection } from "../helpers/collections-factories";
import { makeCommentWorld, makeCrWithPage, postReply } from "../helpers/comments-factories";
import { commitChanges, seedMainFile } from "../helpers/content-factories";
import { makeMember, makeOrg, testDb } from "../helpers/factories";
import { makeInvite } from "../helpers/organizations-factories";
import { makeShareLink, makeSite, readSiteSpaces } from "../helpers/sites-factories";
import { makeSession } from "../helpers/sessions";
import { makeTeam } from "../helpers/teams-factories";
import { siteTokenFor, siteUrl } from "../helpers/reading-factories";

/** What the fuzzer knows of its organization: the owner's token, real ids and real cursors. */
export interface FuzzWorld {
  token: string;
  /** The owner's session: the headers a signed-in browser sends (cookie, CSRF header, Origin). */
  session: Record<string, string>;
  /** The API token of the world's published site (`POST /v1/urls/published`). */
  siteToken: string;
  /** The owner's preview token of the world's change request `previewed` on that site. */
  previewToken: string;
  /** The change request the preview token previews (the world's other one it must not read). */
  previewed: string;
  /** The gated page and its child: the site token (no claims) never reads them. */
  gated: string[];
  /** Real ids by path parameter name; a parameter without an entry gets only invented ids. */
  ids: Record<string, string[]>;
  /** Real values of query parameters by name (a signed download URL's, a share key, ids). */
  queries: Record<string, string[]>;
  /** Cursors the server issued (for some list) and correctly signed cursors with odd keys. */
  cursors: string[];
}

/** The text only the gated pages hold (a site token's answer must never carry it). */
export const GATED_SECRET = "gated-secret-7731";

/** A member's preview token for a preview URL (resolved with their Quire token). */
async function previewTokenFor(url: string, token: string): Promise<string> {
  const res = await as(token).post("/urls/published", { url });
  if (res.status !== 200) throw new Error(`${url} did not resolve: ${res.status} ${res.text}`);
  return res.body.apiToken as string;
}

async function signedCursor(scope: string, key: unknown): Promise<string> {
  const body = base64url(new TextEncoder().encode(JSON.stringify(key)));
  return `${body}.${(await hmac(env.SIGNING_SECRET, `${scope}|${body}`)).slice(0, 16)}`;
}

/**
 * Builds an organization with real data (members, a team, an invite, a collection, a space with
 * pages, a file, a change request, comments and replies, a site with a section, a group and a
 * share link), owned by the token's user, so that generated requests reach deep code.
 */
export async function buildWorld(): Promise<FuzzWorld> {
  const { org, owner } = await makeOrg({ emailDomains: ["example.test"] });
  const api = as(owner.token);
  const member = await makeMember(org.id, "read");
  await makeMember(org.id, "edit");
  const spare = await issueToken(testDb(), { userId: owner.user.id, label: "spare", scopes: null });
  const team = await makeTeam(org.id, { members: [{ userId: member.user.id }] });
  const invite = await makeInvite(org.id, owner.user.id);
  const collection = await makeCollection(org.id);
  const cw = await makeCommentWorld(owner, org.id);
  const spaceId = cw.space.id;
  const file = await seedMainFile(spaceId, {
    name: "a.txt",
    contentType: "text/plain",
    bytes: new TextEncoder().encode("hello"),
  });
  const { cr, pageId: crPageId } = await makeCrWithPage(spaceId, owner.user.id);
  const { cr: otherCr } = await makeCrWithPage(spaceId, owner.user.id, "Other draft");
  const c1 = (await api.post(`/spaces/${spaceId}/comments`, { body: { markdown: "One" } })).body;
  await api.post(`/spaces/${spaceId}/comments`, { body: { markdown: "Two" } });
  const r1 = await postReply(owner, `/spaces/${spaceId}/comments/${c1.id}`);
  await postReply(owner, `/spaces/${spaceId}/comments/${c1.id}`, "Again");
  const crPath = `/spaces/${spaceId}/change-requests/${cr.id}/comments`;
  const c2 = (await api.post(crPath, { body: { markdown: "On the CR" } })).body;
  // A page only admins are shown on the (adaptive) site, with a child of its own: the site token
  // (no claims) must never read either (issue 34, finding 6).
  await commitChanges(spaceId, owner.user.id, [
    {
      operation: "insert_page",
      ref: "gated",
      title: "Gated",
      condition: "visitor.claims.admin",
      document: { markdown: `Admins only: ${GATED_SECRET}.\n` },
    },
    {
      operation: "insert_page",
      into: "gated",
      title: "Under the gate",
      document: { markdown: `Still admins only: ${GATED_SECRET}.\n` },
    },
  ]);
  const space = (await api.get(`/spaces/${spaceId}`)).body;
  const pages = (await api.get(`/spaces/${spaceId}/content/pages`)).body.pages;
  const gatedIds = (function walk(list: any[]): string[] {
    return list.flatMap((page) =>
      page.title === "Gated"
        ? [page.id, ...page.pages.map((c: any) => c.id)]
        : walk(page.pages ?? []),
    );
  })(pages);
  if (gatedIds.length !== 2) throw new Error(`the gated pages are not in the tree: ${gatedIds}`);
  const site = await makeSite(org.id, owner, {
    spaces: [{ id: spaceId }],
    published: true,
    adaptive: true,
  });
  const siteSpaces = await readSiteSpaces(site.id);
  const base = `/orgs/${org.id}/sites/${site.id}`;
  const section = (await api.post(`${base}/sections`, { spaceId, title: "One" })).body;
  const group = (await api.post(`${base}/section-groups`, { title: "Group" })).body;
  const share = await makeShareLink(site.id);

  const fileRead = await api.get(`/spaces/${spaceId}/content/files/${file.fileId}`);
  const download = new URL(fileRead.body.downloadURL as string).searchParams;
  const queries: Record<string, string[]> = {
    shareKey: [share.key],
    space: [spaceId],
    site: [site.id],
    creator: [owner.user.id],
    targetPage: [cw.guide],
  };
  download.forEach((v, k) => (queries[k] = [v]));

  const issued = [
    (await api.get(`/orgs/${org.id}/members`, { query: { limit: 1 } })).body.next?.page,
    (await api.get(`/spaces/${spaceId}/comments`, { query: { limit: 1 } })).body.next?.page,
    (await api.get(`/spaces/${spaceId}/comments/${c1.id}/replies`, { query: { limit: 1 } })).body
      .next?.page,
  ].filter((p): p is string => typeof p === "string");
  const replyScope = `comment-replies:${c1.id}`;
  const odd = [[], [{}], [[1]], [true, "x"], ["a", "b", "c", "d"], [1e308, null], ["\u0000", 1]];
  const forged = await Promise.all(odd.map((key) => signedCursor(replyScope, key)));

  const session = await makeSession(owner.user.id);
  return {
    token: owner.token,
    session: session.headers,
    siteToken: await siteTokenFor(siteUrl(site.id)),
    previewToken: await previewTokenFor(siteUrl(site.id, `~/changes/${cr.id}/`), owner.token),
    previewed: cr.id,
    gated: gatedIds,
    ids: {
      organizationId: [org.id],
      userId: [member.user.id],
      tokenId: [spare.row.id],
      sessionId: [session.id],
      inviteId: [invite.id],
      emailDomain: ["example.test"],
      domain: ["example.test"],
      teamId: [team.id],
      collectionId: [collection.id],
      spaceId: [spaceId],
      changeRequestId: [cr.id, otherCr.id],
      revisionId: [space.revision],
      pageId: [cw.guide, cw.other, crPageId, ...gatedIds],
      pagePath: pages.map((p: { path: string }) => p.path),
      fileId: [file.fileId],
      commentId: [c1.id, c2.id],
      commentReplyId: [r1.id],
      siteId: [site.id],
      siteSpaceId: siteSpaces.map((s) => s.id),
      siteSectionId: [section.id],
      siteSectionGroupId: [group.id],
      shareLinkId: [share.id],
    },
    queries,
    cursors: [...issued, ...forged],
  };
}
