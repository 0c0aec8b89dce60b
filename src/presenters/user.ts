import type { User } from "../api-document/common";
import type { Urls } from "../http/urls";
import type { UserLike } from "../api/users";

/** A User looks the same from every endpoint that embeds one. */
export function presentUser(urls: Urls, user: UserLike): User {
  return {
    object: "user",
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    ...(user.photoURL ? { photoURL: user.photoURL } : {}),
    urls: { location: urls.api(`/users/${user.id}`) },
  };
}
