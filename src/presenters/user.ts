import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { User } from "../openapi/common";
import { apiUrl } from "../lib/urls";

/** The columns a User presentation needs. */
export interface UserLike {
  id: string;
  displayName: string;
  email: string;
  photoURL: string | null;
}

/** A User looks the same from every endpoint that embeds one. */
export function presentUser(c: Context<AppEnv>, user: UserLike): User {
  return {
    object: "user",
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    ...(user.photoURL ? { photoURL: user.photoURL } : {}),
    urls: { location: apiUrl(c, `/users/${user.id}`) },
  };
}
