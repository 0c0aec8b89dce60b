import { describe, expect, it } from "vitest";
import { collectionPermissions } from "../../src/auth/collection";
import { effectiveRole } from "../../src/auth/role-rule";
import type { DefaultLevel, MemberRole } from "../../src/lib/roles";

const chain = (...levels: DefaultLevel[]) => levels.map((defaultLevel) => ({ defaultLevel }));
const member = (orgRole: MemberRole) => ({ orgRole, isGuest: false });
const guest = { orgRole: null, isGuest: true };

describe("effectiveRole", () => {
  it("makes an organization admin admin everywhere, even where access is off by default", () => {
    expect(effectiveRole({ ...member("admin"), chain: chain(null), grants: [] })).toBe("admin");
    expect(effectiveRole({ ...member("admin"), chain: chain("read"), grants: ["read"] })).toBe(
      "admin",
    );
  });

  it("follows inherit up the chain to the organization role", () => {
    expect(effectiveRole({ ...member("edit"), chain: chain(), grants: [] })).toBe("edit");
    expect(effectiveRole({ ...member("edit"), chain: chain("inherit"), grants: [] })).toBe("edit");
    expect(
      effectiveRole({
        ...member("comment"),
        chain: chain("inherit", "inherit", "inherit"),
        grants: [],
      }),
    ).toBe("comment");
  });

  it("stops at the first level that is set, lower or higher than the organization role", () => {
    expect(effectiveRole({ ...member("create"), chain: chain("read"), grants: [] })).toBe("read");
    expect(effectiveRole({ ...member("read"), chain: chain("inherit", "edit"), grants: [] })).toBe(
      "edit",
    );
    expect(effectiveRole({ ...member("read"), chain: chain("comment", null), grants: [] })).toBe(
      "comment",
    );
  });

  it("gives members nothing by default under a null level", () => {
    expect(effectiveRole({ ...member("create"), chain: chain(null), grants: [] })).toBeNull();
    expect(
      effectiveRole({ ...member("create"), chain: chain("inherit", null, "admin"), grants: [] }),
    ).toBeNull();
  });

  it("gives guests nothing from the default path, whatever the level", () => {
    expect(effectiveRole({ ...guest, chain: chain(), grants: [] })).toBeNull();
    expect(effectiveRole({ ...guest, chain: chain("admin"), grants: [] })).toBeNull();
    expect(effectiveRole({ ...guest, chain: chain("inherit", "read"), grants: [] })).toBeNull();
  });

  it("takes the highest of the default path and the grants (user or team, any ancestor)", () => {
    expect(effectiveRole({ ...guest, chain: chain("inherit"), grants: ["comment"] })).toBe(
      "comment",
    );
    expect(
      effectiveRole({ ...member("read"), chain: chain(null), grants: ["edit", "review"] }),
    ).toBe("review");
    expect(effectiveRole({ ...member("create"), chain: chain(), grants: ["read"] })).toBe("create");
    expect(effectiveRole({ ...member("read"), chain: chain("read"), grants: ["admin"] })).toBe(
      "admin",
    );
  });
});

describe("collectionPermissions", () => {
  it("derives every flag from the role", () => {
    expect(collectionPermissions(null)).toEqual({
      view: false,
      admin: false,
      viewInviteLinks: false,
      create: false,
    });
    expect(collectionPermissions("read")).toEqual({
      view: true,
      admin: false,
      viewInviteLinks: false,
      create: false,
    });
    expect(collectionPermissions("create")).toEqual({
      view: true,
      admin: false,
      viewInviteLinks: false,
      create: true,
    });
    expect(collectionPermissions("admin")).toEqual({
      view: true,
      admin: true,
      viewInviteLinks: true,
      create: true,
    });
  });
});
