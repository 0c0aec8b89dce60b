import { describe, expect, it, vi } from "vitest";
import { makeOrg } from "../helpers/factories";
import { crTree } from "../helpers/change-requests-factories";
import { makeContentSpace } from "../helpers/content-factories";
import { importFiles, uploadImportFile, zipOf } from "../helpers/spaces-io-factories";
import { livePath, open } from "./client";

describe("live rooms: writes from an import", () => {
  it("takes an import into the change request into the open room of the page", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeContentSpace(org.id, owner);
    const first = await uploadImportFile(
      owner,
      org.id,
      "a.zip",
      zipOf({ "README.md": "# Home\n\nBefore.\n" }),
    );
    const run = await importFiles(owner, org.id, { space: space.id }, [first]);
    expect(run.status, run.reason).toBe("completed");
    const crId: string = run.target.changeRequest;
    const page = (await crTree(space.id, crId)).roots[0]!;
    const a = await open(livePath(space.id, crId, page.row.pageId), {
      Authorization: `Bearer ${owner.token}`,
    });
    await vi.waitFor(() => expect(a.text()).toContain("Before."));
    const second = await uploadImportFile(
      owner,
      org.id,
      "b.zip",
      zipOf({ "README.md": "# Home\n\nFrom the import.\n" }),
    );
    const rerun = await importFiles(owner, org.id, { space: space.id, changeRequest: crId }, [
      second,
    ]);
    expect(rerun.status, rerun.reason).toBe("completed");
    await vi.waitFor(() => expect(a.text()).toContain("From the import."));
    a.ws.close();
  });
});
