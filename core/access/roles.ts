/**
 * Organization and content roles, lowest first; GitBook orders them the same way. One list for
 * the API (src/lib/roles.ts, which ranks and checks them) and the app's forms, which offer them.
 */
export const MEMBER_ROLES = ["read", "comment", "edit", "review", "create", "admin"] as const;
