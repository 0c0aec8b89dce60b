import type { Child } from "hono/jsx";
import { blocksText } from "../../document/text";
import {
  blockType,
  childNodes,
  dataOf,
  fragmentNamed,
  stringField,
  type LooseNode,
} from "../../document/loose";
import { refOf, webUrl } from "./links";
import { imageElement } from "./image-element";
import { byteSize, imageSource, pixels } from "./media-source";
import { inner, type RenderState, type Scope } from "./state";

/**
 * Media blocks: images (a fixed box from their size, lazy, captioned), files (a download card),
 * drawings (their image file) and embeds (a sandboxed frame the API resolved, else a link card).
 * Anything unavailable renders a short note naming it, never a broken element.
 */

/** A short note in place of media the reader cannot show. */
function missing(text: string): Child {
  return <p class="q-missing">{text}</p>;
}

/** One image block as a figure with its caption. */
function renderImage(node: LooseNode, state: RenderState, scope: Scope): Child {
  const data = dataOf(node);
  const caption = fragmentNamed(node, "caption");
  const captionNodes = caption ? childNodes(caption) : [];
  const alt = stringField(data, "alt") ?? (captionNodes.length ? blocksText(captionNodes) : "");
  const source = imageSource(data.ref, state.ctx);
  if (!source) return missing(alt ? `Image unavailable: ${alt}` : "Image unavailable.");
  const width = pixels(data.width) ?? source.width;
  const height =
    pixels(data.height) ??
    (source.width && source.height && width
      ? Math.round((source.height * width) / source.width)
      : undefined);
  const dark = data.refDark ? imageSource(data.refDark, state.ctx) : undefined;
  return (
    <figure class="q-image">
      {imageElement(
        source,
        { alt, ...(width ? { width } : {}), ...(height ? { height } : {}) },
        dark,
      )}
      {captionNodes.length ? (
        <figcaption>{state.blocks(captionNodes, inner(scope))}</figcaption>
      ) : null}
    </figure>
  );
}

/** An `images` block (a row of images) or a lone `image`. */
export function renderImages(node: LooseNode, state: RenderState, scope: Scope): Child {
  if (blockType(node) === "image") return renderImage(node, state, scope);
  const align = stringField(dataOf(node), "align");
  const images = childNodes(node).filter((child) => blockType(child) === "image");
  const classes = ["q-images", align === "left" || align === "right" ? `q-images-${align}` : ""];
  if (dataOf(node).withFrame === true) classes.push("q-images-framed");
  return (
    <div class={classes.filter(Boolean).join(" ")}>
      {images.map((image) => renderImage(image, state, inner(scope)))}
    </div>
  );
}

/** A file block: a download card with the file's name, type and size. */
export function renderFile(node: LooseNode, state: RenderState): Child {
  const ref = refOf(dataOf(node).ref);
  const file = ref?.kind === "file" ? state.ctx.file(ref.file) : undefined;
  if (!file) return missing("File unavailable.");
  return (
    <a class="q-card q-file" href={file.url} download={file.name}>
      <span class="q-card-title">{file.name}</span>
      <span class="q-card-meta">
        {[file.contentType, byteSize(file.size)].filter(Boolean).join(" · ")}
      </span>
    </a>
  );
}

/** A drawing: the image file it was saved as. */
export function renderDrawing(node: LooseNode, state: RenderState): Child {
  const source = imageSource(dataOf(node).ref, state.ctx);
  if (!source) return missing("Drawing unavailable.");
  return (
    <figure class="q-image q-drawing">
      {imageElement(source, {
        alt: "Drawing",
        ...(source.width ? { width: source.width } : {}),
        ...(source.height ? { height: source.height } : {}),
      })}
    </figure>
  );
}

/** An embed: the resolved frame, sandboxed, or a link card to the URL. */
export function renderEmbed(node: LooseNode, state: RenderState): Child {
  const url = stringField(dataOf(node), "url") ?? "";
  const href = webUrl(url);
  if (!href) return url ? <p class="q-missing">{url}</p> : null;
  const embed = state.ctx.embed(url);
  const title = embed?.title || url;
  const frame = embed?.frame;
  const src = frame?.src ? webUrl(frame.src) : undefined;
  if (frame && (src || frame.srcdoc)) {
    return (
      <figure class="q-embed">
        <iframe
          {...(src ? { src } : { srcdoc: frame.srcdoc })}
          title={title}
          sandbox="allow-scripts allow-popups"
          loading="lazy"
          {...(frame.width ? { width: frame.width } : {})}
          {...(frame.height ? { height: frame.height } : { height: 400 })}
        ></iframe>
        <figcaption>
          <a href={href} rel="noopener">
            {title}
          </a>
        </figcaption>
      </figure>
    );
  }
  return (
    <a class="q-card q-embed-link" href={href} rel="noopener">
      <span class="q-card-title">{title}</span>
      <span class="q-card-meta">{embed?.site || new URL(href).host}</span>
    </a>
  );
}
