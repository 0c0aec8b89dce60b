// The generated Git Sync repository of the import and Git Sync benches: `part-N/README.md`
// folders of ten pages (links between neighbours, SUMMARY.md with a group every ten parts), every
// PAGES/IMAGES-th page showing an image of 24 KiB that does not compress.
/** The repository of `pages` pages and `images` images: its files by path (bytes) and how many groups. */
export function docsRepository(pages, images) {
  const PAGES = pages;
  const IMAGES = images;
  const enc = new TextEncoder();
  const files = {};
  const summary = ["# Table of contents", "", "* [Home](README.md)"];
  files["README.md"] = enc.encode("# Home\n\nStart at [part 1](part-1/README.md).\n");
  let made = 1;
  let groups = 0;
  for (let part = 1; made < PAGES; part++) {
    if ((part - 1) % 10 === 0) {
      summary.push("", `## Group ${Math.floor(part / 10) + 1}`, "");
      groups++;
    }
    summary.push(`* [Part ${part}](part-${part}/README.md)`);
    files[`part-${part}/README.md`] = enc.encode(`# Part ${part}\n\nThe pages of part ${part}.\n`);
    made++;
    for (let i = 1; i < 10 && made < PAGES; i++, made++) {
      const image = made % Math.max(1, Math.floor(PAGES / IMAGES)) === 0 ? made : null;
      const body = [
        `# Page ${part}.${i}`,
        "",
        `Paragraph with **bold** text and a [link to the part](README.md) and ${i < 9 ? `[the next page](page-${i + 1}.md)` : "[the first page](page-1.md)"}.`,
        "",
        "* one\n* two\n* three",
        "",
        image ? `![Figure](../.gitbook/assets/figure-${image}.png)` : "Plain text closes the page.",
        "",
      ].join("\n");
      summary.push(`  * [Page ${part}.${i}](part-${part}/page-${i}.md)`);
      files[`part-${part}/page-${i}.md`] = enc.encode(body);
      if (image) files[`.gitbook/assets/figure-${image}.png`] = pseudoImage(image);
    }
  }
  files["SUMMARY.md"] = enc.encode(`${summary.join("\n")}\n`);
  return { files, groups };
}

/** 24 KiB of bytes that do not compress, different per image. */
function pseudoImage(seed) {
  const out = new Uint8Array(24 * 1024);
  let x = seed * 2654435761;
  for (let i = 0; i < out.length; i++) out[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
  return out;
}
