import { expect } from "vitest";
import type { Change } from "../../src/content/change-schema";
import { as } from "./api";
import { commitChanges, makeContentSpace, mainPagesByTitle } from "./content-factories";
import type { TestUser } from "./factories";
import { eventually } from "./jobs";

/**
 * A page body with every construct the converter maps (headings, marks, inline code, links to a
 * URL and to another page, lists, tasks, code, hint, quote, table, images with a caption, a
 * divider), tagged with `marker` so the fake engine's log can be filtered per test.
 */
function richMarkdown(marker: string, i: number, linkRef?: string): string {
  return `Intro ${marker} page ${i} with **bold words**, *italic*, \`inline code\` and a [link](https://docs.example.com/x?y=1).

## Section ${i}

* first item
* [ ] task item

1. ordered one
2. ordered two

\`\`\`js
const untouched = "code ${i}";
\`\`\`

{% hint style="info" %}
Hint text here.
{% endhint %}

> A quote to translate.

| Name | Value |
| - | - |
| cell one | cell two |

![Alt text](https://cdn.example.com/a.png "A caption")

***

See {{ vars.product }} and ${linkRef ? `[the other page](./${linkRef}.md)` : "no link"}.
`;
}

/**
 * A space whose main holds `count` pages (every 10th a root, the others its children), each with
 * `richMarkdown` tagged by `marker`, committed through a merged change request.
 */
export async function makeSourceSpace(
  orgId: string,
  owner: TestUser,
  marker: string,
  count: number,
) {
  const space = await makeContentSpace(orgId, owner, "Handbook");
  const changes: Change[] = [];
  for (let i = 0; i < count; i++) {
    const root = i % 10 === 0;
    changes.push({
      operation: "insert_page",
      ref: `p${i}`,
      title: `Page ${i} ${marker}`,
      description: i === 0 ? "The first page" : undefined,
      hidden: i === 3,
      document: { markdown: richMarkdown(marker, i, i > 0 ? "p0" : undefined) },
      ...(root ? {} : { into: `p${i - (i % 10)}` }),
    } as Change);
  }
  await commitChanges(space.id, owner.user.id, changes);
  return { space, pages: await mainPagesByTitle(space.id) };
}

/** What the fake engine received with `marker` in it: calls, those texts, all their texts. */
export async function engineLog(
  marker: string,
): Promise<{ calls: number; texts: string[]; sent: string[] }> {
  const res = await fetch(
    `https://translate.example.com/__log?contains=${encodeURIComponent(marker)}`,
  );
  return (await res.json()) as { calls: number; texts: string[]; sent: string[] };
}

/** Creates a translation of `spaceId` into `language` through the API. */
export async function makeTranslation(
  token: string,
  orgId: string,
  spaceId: string,
  language = "fr",
) {
  const res = await as(token).post(`/orgs/${orgId}/translations`, {
    source: { space: spaceId, language: "en" },
    language,
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

/** Runs a translation and waits until it leaves the queue: completed, or pending with an error. */
export async function runAndWait(token: string, orgId: string, id: string) {
  const started = await as(token).post(`/orgs/${orgId}/translations/${id}/run`);
  expect(started.status, started.text).toBe(204);
  return waitForRun(token, orgId, id);
}

/** Waits for the current run of a translation to complete or fail; returns the Translation. */
export async function waitForRun(token: string, orgId: string, id: string) {
  return eventually(
    async () => {
      const res = await as(token).get(`/orgs/${orgId}/translations/${id}`);
      expect(res.status).toBe(200);
      const done = res.body.status === "completed" || res.body.error !== undefined;
      expect(done, JSON.stringify(res.body.status)).toBe(true);
      return res.body;
    },
    { timeout: 120_000, interval: 250 },
  );
}
