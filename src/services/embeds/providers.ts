/**
 * The oEmbed providers whose `rich` embeds Quire passes on: well-known services whose oEmbed
 * HTML is a single iframe of their own player. Their iframe is rebuilt from its `src` (never the
 * provider's HTML as given), and only when that `src` is on one of the provider's frame hosts;
 * any other page degrades to a `link` embed.
 */

/** One allowed provider: where its pages live, its oEmbed endpoint, and its iframes' hosts. */
export interface EmbedProvider {
  name: string;
  /** Host names of the provider's pages (a URL on one is asked of `endpoint` directly). */
  pageHosts: string[];
  /** The provider's oEmbed endpoint (JSON). */
  endpoint: string;
  /** Host names an iframe's `src` may have. */
  frameHosts: string[];
}

/** The allow-list (https://oembed.com/providers.json entries, iframe players only). */
const EMBED_PROVIDERS: readonly EmbedProvider[] = [
  {
    name: "YouTube",
    pageHosts: ["youtube.com", "www.youtube.com", "m.youtube.com", "youtu.be"],
    endpoint: "https://www.youtube.com/oembed",
    frameHosts: ["www.youtube.com", "www.youtube-nocookie.com"],
  },
  {
    name: "Vimeo",
    pageHosts: ["vimeo.com", "www.vimeo.com", "player.vimeo.com"],
    endpoint: "https://vimeo.com/api/oembed.json",
    frameHosts: ["player.vimeo.com"],
  },
  {
    name: "CodePen",
    pageHosts: ["codepen.io"],
    endpoint: "https://codepen.io/api/oembed",
    frameHosts: ["codepen.io"],
  },
  {
    name: "Loom",
    pageHosts: ["loom.com", "www.loom.com"],
    endpoint: "https://www.loom.com/v1/oembed",
    frameHosts: ["www.loom.com"],
  },
  {
    name: "Figma",
    pageHosts: ["figma.com", "www.figma.com"],
    endpoint: "https://www.figma.com/api/oembed",
    frameHosts: ["www.figma.com", "embed.figma.com"],
  },
];

/** The provider whose pages live on `url`'s host, if allowed. */
export function providerOfPage(url: URL): EmbedProvider | undefined {
  const host = url.hostname.toLowerCase();
  return EMBED_PROVIDERS.find((p) => p.pageHosts.includes(host));
}

/** The provider whose oEmbed endpoint a discovered link points at, if allowed. */
export function providerOfEndpoint(endpoint: URL): EmbedProvider | undefined {
  return EMBED_PROVIDERS.find((p) => {
    const own = new URL(p.endpoint);
    return own.protocol === endpoint.protocol && own.host === endpoint.host;
  });
}
