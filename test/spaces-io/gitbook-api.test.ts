import { strFromU8 } from "fflate";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { as, workerFetch } from "../helpers/api";
import { seedThroughCr } from "../helpers/change-requests-factories";
import { makeContentSpace } from "../helpers/content-factories";
import { makeOrg } from "../helpers/factories";
import { eventually } from "../helpers/jobs";
import { exportEntries, sampleSpaceChanges } from "../helpers/spaces-io-factories";

const HOST = "https://gitbook.example.com";

/** Records one answer at the replaying GitBook API host (test/network/gitbook-api.ts). */
async function record(
  path: string,
  body: Uint8Array | string,
  contentType = "application/json",
  status = 200,
) {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  const res = await fetch(`${HOST}/__record`, {
    method: "POST",
    body: JSON.stringify({ path, status, body: btoa(binary), contentType }),
  });
  expect(res.status).toBe(204);
}

type Page = { id: string; type: string; pages?: Page[] };

describe("import from a GitBook API", () => {
  it("copies a Quire space through its own v1 API, and reports an unreachable or lying API", async () => {
    const { org, owner } = await makeOrg();
    const source = await makeContentSpace(org.id, owner);
    await seedThroughCr(owner, source.id, sampleSpaceChanges());
    // Quire's own answers, recorded at the fake host (downloads pointed at it too).
    const api = as(owner.token);
    const content = (await api.get(`/spaces/${source.id}/content`)).body;
    for (const file of content.files) {
      const bytes = new Uint8Array(await (await workerFetch(file.downloadURL)).arrayBuffer());
      await record(`/dl/${file.id}`, bytes, file.contentType);
      file.downloadURL = `${HOST}/dl/${file.id}`;
    }
    await record(`/v1/spaces/${source.id}/content`, JSON.stringify(content));
    const walk = (pages: Page[]): Page[] => pages.flatMap((p) => [p, ...walk(p.pages ?? [])]);
    for (const page of walk(content.pages)) {
      const path = `/spaces/${source.id}/content/page/${page.id}?format=document`;
      await record(`/v1${path}`, (await api.get(path)).text);
    }
    await record("/v1/spaces/liar/content", JSON.stringify({ pages: "none" }));

    const target = await makeContentSpace(org.id, owner);
    const start = async (url: string, spaceId: string) => {
      const started = await api.post(`/org/${org.id}/imports`, {
        source: { type: "gitbook", url, token: "source-token", spaceId },
        target: { space: target.id },
      });
      expect(started.status, started.text).toBe(201);
      expect(JSON.stringify(started.body)).not.toContain("source-token");
      // At rest the token is sealed while the run needs it, then cleared: never in clear.
      const stored = await env.DB.prepare("SELECT source_token FROM import_runs WHERE id = ?")
        .bind(started.body.id)
        .first<{ source_token: string | null }>();
      expect(stored?.source_token ?? "").not.toContain("source-token");
      return eventually(async () => {
        const res = await api.get(`/org/${org.id}/imports/${started.body.id}`);
        expect(["completed", "failed"]).toContain(res.body.status);
        return res.body;
      });
    };
    const run = await start(HOST, source.id);
    expect(run.status, run.reason).toBe("completed");
    expect(run.result).toEqual({ pages: 3, files: 1, warnings: [] });
    const copied = await exportEntries(owner, target.id, run.target.changeRequest);
    const original = await exportEntries(owner, source.id);
    for (const path of ["SUMMARY.md", "README.md", "guide/README.md", "guide/install.md"])
      expect(strFromU8(copied.entries[path]!), path).toBe(strFromU8(original.entries[path]!));
    expect(copied.entries[".gitbook/assets/logo.png"]).toEqual(
      original.entries[".gitbook/assets/logo.png"],
    );

    const lying = await start(HOST, "liar");
    expect(lying.status).toBe("failed");
    expect(lying.reason).toMatch(/is not what GitBook's API answers \(pages: /);
    const down = await start("https://down.example.com", source.id);
    expect(down.status).toBe("failed");
    expect(down.reason).toMatch(/answered 502/);
  });
});
