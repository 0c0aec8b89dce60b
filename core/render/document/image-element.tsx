import type { Child } from "hono/jsx";
import type { ImageSource } from "./media-source";

/**
 * The `<img>` of every image the document shows: a fixed box from its size (nothing jumps as it
 * loads), lazy, and when the image has a dark variant (`refDark`) both, each shown only in its
 * theme by document.css (so the shell's theme toggle switches them, not only the system's).
 */

/** What an image element needs besides its source. */
export interface ImageAttributes {
  alt: string;
  class?: string;
  width?: number;
  height?: number;
}

/** One `<img>` with the given classes. */
function img(source: ImageSource, attrs: ImageAttributes, theme?: string): Child {
  const classes = [attrs.class, theme].filter(Boolean).join(" ");
  return (
    <img
      {...(classes ? { class: classes } : {})}
      src={source.src}
      alt={attrs.alt}
      {...(attrs.width ? { width: attrs.width } : {})}
      {...(attrs.height ? { height: attrs.height } : {})}
      loading="lazy"
      decoding="async"
    />
  );
}

/** An image, or its light and dark variants side by side (one shown per theme). */
export function imageElement(
  source: ImageSource,
  attrs: ImageAttributes,
  dark?: ImageSource,
): Child {
  if (!dark || dark.src === source.src) return img(source, attrs);
  return [img(source, attrs, "q-only-light"), img(dark, attrs, "q-only-dark")];
}
