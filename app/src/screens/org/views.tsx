import type { Collection, OrgSearchItem, Space } from "../../api/content-types";
import { when } from "../../layout/format";
import { AppForm, Field, Submit } from "../../layout/forms";
import { Workspace } from "../../layout/workspace";
import {
  collectionPath,
  localPath,
  orgPath,
  recentSpaces,
  spacePath,
  type WorkspaceData,
} from "../../layout/workspace-data";
import type { SignedIn } from "../../session/session";

/**
 * The organization's reading screens inside the workspace frame: its home (spaces, collections,
 * recently updated, search), one collection (its spaces and sub-collections), and the search
 * results the top bar's form opens without JavaScript. Each offers the forms that create a
 * space or a collection where the person's role allows it (the API decides; a refusal is shown).
 */

/** How many recently updated spaces the home lists. */
const RECENT = 6;

function SpaceList(props: { spaces: Space[]; label: string; detail?: boolean }) {
  if (props.spaces.length === 0) return <p class="a-meta">No spaces yet.</p>;
  return (
    <ul class="a-list" aria-label={props.label}>
      {props.spaces.map((space) => (
        <li class="a-row">
          <a href={spacePath(space.id)}>
            {space.emoji ? <span aria-hidden="true">{`${space.emoji} `}</span> : null}
            <strong>{space.title}</strong>
          </a>
          <span class="a-meta">
            {props.detail ? `updated ${when(space.updatedAt)}` : space.visibility}
          </span>
        </li>
      ))}
    </ul>
  );
}

function CollectionList(props: { orgId: string; collections: Collection[]; label: string }) {
  if (props.collections.length === 0) return null;
  return (
    <ul class="a-list" aria-label={props.label}>
      {props.collections.map((collection) => (
        <li class="a-row">
          <a href={collectionPath(props.orgId, collection.id)}>
            <strong>{collection.title}</strong>
          </a>
          {collection.description ? <span class="a-meta">{collection.description}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** The two creation forms, for the organization's top level or inside a collection. */
function CreateForms(props: { person: SignedIn; orgId: string; parent?: string }) {
  const { person, orgId, parent } = props;
  return (
    <section class="a-section a-create" aria-labelledby="create-heading">
      <h2 id="create-heading">Create</h2>
      <div class="a-create-forms">
        <AppForm action={orgPath(orgId, "/spaces")} csrf={person.csrf} label="Create a space">
          {parent ? <input type="hidden" name="parent" value={parent} /> : null}
          <Field
            name="title"
            id="new-space-title"
            label="New space title"
            maxlength={50}
            required
          />
          <Submit label="Create space" />
        </AppForm>
        <AppForm
          action={orgPath(orgId, "/collections")}
          csrf={person.csrf}
          label="Create a collection"
        >
          {parent ? <input type="hidden" name="parent" value={parent} /> : null}
          <Field
            name="title"
            id="new-collection-title"
            label={parent ? "New sub-collection title" : "New collection title"}
            maxlength={100}
            required
          />
          <Submit label="Create collection" kind="secondary" />
        </AppForm>
      </div>
    </section>
  );
}

/** The organization's home. */
export function OrgHome(props: { person: SignedIn; data: WorkspaceData }) {
  const { person, data } = props;
  const top = data.collections.filter((c) => !c.parent);
  return (
    <Workspace title={data.org.title} person={person} data={data} current={{ screen: "home" }}>
      <h1>{data.org.title}</h1>
      <section class="a-section" aria-labelledby="recent-heading">
        <h2 id="recent-heading">Recently updated</h2>
        <SpaceList spaces={recentSpaces(data.spaces, RECENT)} label="Recently updated" detail />
      </section>
      <section class="a-section" aria-labelledby="collections-heading">
        <h2 id="collections-heading">Collections</h2>
        {top.length === 0 ? <p class="a-meta">No collections yet.</p> : null}
        <CollectionList orgId={data.org.id} collections={top} label="Collections" />
      </section>
      <section class="a-section" aria-labelledby="spaces-heading">
        <h2 id="spaces-heading">All spaces</h2>
        <SpaceList spaces={data.spaces} label="All spaces" />
      </section>
      <CreateForms person={person} orgId={data.org.id} />
    </Workspace>
  );
}

/** One collection: its sub-collections and spaces. */
export function CollectionScreen(props: {
  person: SignedIn;
  data: WorkspaceData;
  collection: Collection;
  spaces: Space[];
}) {
  const { person, data, collection } = props;
  const children = data.collections.filter((c) => c.parent === collection.id);
  const parent = data.collections.find((c) => c.id === collection.parent);
  return (
    <Workspace
      title={collection.title}
      person={person}
      data={data}
      current={{ collection: collection.id }}
    >
      <nav aria-label="Breadcrumbs" class="a-crumbs">
        <a href={orgPath(data.org.id)}>{data.org.title}</a>
        {parent ? <a href={collectionPath(data.org.id, parent.id)}>{parent.title}</a> : null}
      </nav>
      <h1>{collection.title}</h1>
      {collection.description ? <p>{collection.description}</p> : null}
      {collection.permissions?.admin === true ? (
        <p>
          <a href={`${collectionPath(data.org.id, collection.id)}/permissions`}>Permissions</a>
        </p>
      ) : null}
      {children.length > 0 ? (
        <section class="a-section" aria-labelledby="sub-heading">
          <h2 id="sub-heading">Collections</h2>
          <CollectionList orgId={data.org.id} collections={children} label="Sub-collections" />
        </section>
      ) : null}
      <section class="a-section" aria-labelledby="spaces-heading">
        <h2 id="spaces-heading">Spaces</h2>
        <SpaceList spaces={props.spaces} label="Spaces of this collection" />
      </section>
      {collection.permissions?.create !== false ? (
        <CreateForms person={person} orgId={data.org.id} parent={collection.id} />
      ) : null}
    </Workspace>
  );
}

/** The results of the organization search (the top bar's form without JavaScript). */
export function SearchResults(props: {
  person: SignedIn;
  data: WorkspaceData;
  query: string;
  items: OrgSearchItem[];
  next?: string;
}) {
  const { person, data, query, items } = props;
  const pages = items.reduce((n, item) => n + item.pages.length, 0);
  return (
    <Workspace
      title={query ? `Search: ${query}` : "Search"}
      person={person}
      data={data}
      current={{ screen: "search" }}
      query={query}
    >
      <h1>Search</h1>
      {!query ? (
        <p>Type what you are looking for in the search box above.</p>
      ) : (
        <p role="status">
          {pages === 0
            ? `Nothing found for “${query}”.`
            : `${pages} page${pages === 1 ? "" : "s"} found for “${query}”.`}
        </p>
      )}
      {items.map((space) => (
        <section class="a-section" aria-label={space.title}>
          <h2>
            <a href={spacePath(space.id)}>{space.title}</a>
          </h2>
          <ul class="a-list">
            {space.pages.map((page) => (
              <li>
                <a href={localPath(page.urls.app)}>{page.title}</a>
                {page.ancestors && page.ancestors.length > 0 ? (
                  <span class="a-meta"> · {page.ancestors.map((a) => a.title).join(" / ")}</span>
                ) : null}
                {page.sections?.[0]?.body ? (
                  <p class="a-meta a-excerpt">{page.sections[0].body.slice(0, 200)}</p>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
      {props.next ? (
        <p>
          <a
            href={`${orgPath(data.org.id, "/search")}?q=${encodeURIComponent(query)}&page=${encodeURIComponent(props.next)}`}
          >
            More results
          </a>
        </p>
      ) : null}
    </Workspace>
  );
}
