import type {
  ChangeRequest,
  PublishedContentSite,
  PublishedSiteContent,
  Revision,
  Space,
} from "@gitbook/api";
import { sha256Hex } from "../../../core/digest";
import { ApiClient } from "../api/client";
import { inflightLoads, loadOnce, readerMemory, type Memory } from "../cache/memory";
import type { BoundedMap } from "../../../core/memory/bounded-map";
import type { Credentials } from "./credentials";
import { RESOLUTION_TTL_MS } from "./resolve";
import { walkTree, type PageTree } from "./tree";

/**
 * Everything a page view of a resolved URL reads before its page: the published site (structure
 * and customizations), the space's current revision (or the previewed one) and that revision's
 * page tree and files. What may change is kept for seconds; a revision is immutable and kept
 * for as long as memory allows.
 */

/** The reads of one resolved URL. */
export interface SiteContext {
  content: PublishedSiteContent;
  client: ApiClient;
  published: PublishedContentSite;
  revision: Revision;
  tree: PageTree;
  /** The visitor's adaptive segment: "" unless the site adapts its content to claims. */
  segment: string;
  /** Whether the visitor brought a credential (share key, visitor JWT, claims): see caching.ts. */
  credentialed: boolean;
}

const publishedSites = readerMemory<PublishedContentSite>("published sites", 500);
const revisionIds = readerMemory<string>("revision ids", 2000);
const revisions = readerMemory<{ revision: Revision; tree: PageTree }>("revisions", 48);
const inflight = inflightLoads<unknown>("site context");

/** A short digest of the visitor's claims (their cache segment on adaptive sites). */
function digest(text: string): Promise<string> {
  return sha256Hex(text, 12);
}

/** Reads a value through an isolate memory, one load per key at a time. */
async function remembered<V>(
  memory: Memory<V>,
  key: string,
  ttl: number,
  load: () => Promise<V>,
): Promise<V> {
  const known = memory.get(key);
  if (known !== undefined) return known;
  return loadOnce(inflight as BoundedMap<string, Promise<V>>, key, async () => {
    const value = await load();
    memory.set(key, value, ttl);
    return value;
  });
}

/** The revision a resolved URL shows: the previewed one, a change request's, or the space's. */
async function revisionIdOf(client: ApiClient, content: PublishedSiteContent, segment: string) {
  if (content.revision) return content.revision;
  if (content.changeRequest) {
    const cr = await client.get<ChangeRequest>(
      `/spaces/${content.space}/change-requests/${content.changeRequest}`,
    );
    return cr.revision;
  }
  return currentRevisionId(client, content.space, segment);
}

/** A space's current revision id, kept for seconds (a merge shows within them). */
function currentRevisionId(client: ApiClient, spaceId: string, segment: string): Promise<string> {
  return remembered(revisionIds, `${spaceId}\n${segment}`, RESOLUTION_TTL_MS, async () => {
    const space = await client.get<Space>(`/spaces/${spaceId}`);
    return space.revision;
  });
}

/** A revision and its walked page tree, kept for as long as memory allows (it never changes). */
function revisionTree(
  client: ApiClient,
  spaceId: string,
  revisionId: string,
  segment: string,
): Promise<{ revision: Revision; tree: PageTree }> {
  return remembered(revisions, `${spaceId}\n${revisionId}\n${segment}`, 3_600_000, async () => {
    // Without bodies (GitBook's tree shape): each page's document is read when it renders.
    const revision = await client.get<Revision>(`/spaces/${spaceId}/revisions/${revisionId}`, {
      metadata: true,
      bodies: false,
    });
    return { revision, tree: walkTree(revision.pages) };
  });
}

/** The current revision of another space the site shows, with its tree. */
export async function currentTree(ctx: SiteContext, spaceId: string) {
  const revisionId = await currentRevisionId(ctx.client, spaceId, ctx.segment);
  return revisionTree(ctx.client, spaceId, revisionId, ctx.segment);
}

/** Reads the context of a resolved URL for a visitor. */
export async function loadSiteContext(
  api: Fetcher,
  content: PublishedSiteContent,
  credentials: Credentials,
): Promise<SiteContext> {
  const client = new ApiClient(api, content.apiToken);
  const who = [
    credentials.share ?? "",
    credentials.jwt ?? "",
    JSON.stringify(credentials.unsigned),
  ];
  const published = await remembered(
    publishedSites,
    [content.site, content.siteSpace, ...who].join("\n"),
    RESOLUTION_TTL_MS,
    () =>
      client.get<PublishedContentSite>(
        `/orgs/${content.organization}/sites/${content.site}/published`,
      ),
  );
  const adaptive = published.site.adaptiveContent?.enabled === true;
  const segment =
    adaptive && (credentials.jwt || Object.keys(credentials.unsigned).length > 0)
      ? await digest(who.slice(1).join("\n"))
      : "";
  const revisionId = await revisionIdOf(client, content, segment);
  const { revision, tree } = await revisionTree(client, content.space, revisionId, segment);
  const credentialed =
    credentials.share !== undefined ||
    credentials.jwt !== undefined ||
    Object.keys(credentials.unsigned).length > 0;
  return { content, client, published, revision, tree, segment, credentialed };
}
