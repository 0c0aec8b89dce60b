/**
 * Markdown samples shared by the converter tests and by validate-official.mjs (which checks the
 * Documents they parse to against the official JSONDocument schema).
 */

/** A realistic page using every construct the converter maps, in canonical form. */
export const REALISTIC_PAGE = `# Getting started

Quire stores pages as **GitBook documents**. This guide shows _how_ to write them, with \`inline code\`, ~~old syntax~~ and a [link to the API](https://api.example.com/v1).

## Install

1. Download the CLI.
2. Run \`quire login\`:
   \`\`\`sh
   quire login --token "$TOKEN"
   \`\`\`
3. Check the [configuration page](/pages/config) and its [limits](/pages/config#limits).

### Checklist

* [x] Create an organization
* [ ] Invite the team
  * Send invitations
  * Wait for answers

{% hint style="warning" %}
Tokens are secrets: **never** commit them.

* Rotate them often.
{% endhint %}

> Documentation is a love letter to your future self.
>
> > Nested quotes are kept.

## Reference

| Option    | Default |                  Meaning |
| --------- | :-----: | -----------------------: |
| \`timeout\` |    30   | Seconds before giving up |
| \`retries\` |    3    |  See [retries](#retries) |

<figure><img src="/files/diagram" alt="Architecture diagram"><figcaption><p>The request path</p></figcaption></figure>
<figure><img src="https://cdn.example.com/logo.png" alt="Logo"><figcaption></figcaption></figure>

***

\`\`\`typescript
export function hello(name: string): string {
  return \`Hello \${name}\`;
}
\`\`\`

Line one\\
line two, then the [file](/files/report).

{% hint style="success" %}
All done.
{% endhint %}
`;

/** One sample per construct: [name, markdown], each already in canonical form. */
export const CANONICAL_SAMPLES: Array<[string, string]> = [
  ["headings", "# One\n\n## Two\n\n### Three\n"],
  ["paragraphs", "First paragraph.\n\nSecond paragraph.\n"],
  ["marks", "**bold** _italic_ ~~strike~~ `code` _**both**_ **bold `code`**\n"],
  [
    "links",
    "[url](https://example.com) [page](/pages/p1) [anchor](/pages/p1#a) [here](#b) [file](/files/f1)\n",
  ],
  ["unordered list", "* one\n* two\n  * nested\n    * deeper\n"],
  ["ordered list", "3. three\n4. four\n   1. nested\n"],
  ["task list", "* [ ] todo\n* [x] done\n  * [ ] nested todo\n"],
  ["code", "```js\nconst a = 1;\n\nconsole.log(a);\n```\n"],
  ["code without language", "```\nplain\n```\n"],
  ["blockquote", "> quoted **text**\n>\n> second paragraph\n"],
  [
    "table",
    "| a |   b   |              c |\n| - | :---: | -------------: |\n| 1 | **2** | [3](/pages/p3) |\n",
  ],
  [
    "images",
    '<figure><img src="https://x.test/1.png" alt="alt one"><figcaption><p>Caption one</p></figcaption></figure>\n<figure><img src="/files/f2" alt="alt two"><figcaption></figcaption></figure>\n',
  ],
  ["inline image", "Text with ![icon](https://x.test/i.png) inside.\n"],
  ["divider", "above\n\n***\n\nbelow\n"],
  ["hint", '{% hint style="info" %}\nSome **info**.\n\n* a list\n{% endhint %}\n'],
  [
    "all hint styles",
    '{% hint style="danger" %}\nd\n{% endhint %}\n\n{% hint style="success" %}\ns\n{% endhint %}\n',
  ],
  ["line break", "one\\\ntwo\n"],
  ["bold across a break", "**one\\\ntwo**\n"],
];

/** Non-canonical inputs: each must still be stable after one render. */
export const TRICKY_SAMPLES: string[] = [
  "__bold__ and _it_ and +list",
  "- a\n- b\n\n* c",
  "1. a\n1. b\n\n3. c",
  "> ```\n> code in quote\n> ```\n> after",
  '{% hint style="danger" %}\n> quote in hint\n\n```\ncode in hint\n```\n{% endhint %}',
  '{% hint style="info" %}\nunclosed',
  "{% endhint %}\n\ntext",
  '```\n{% hint style="info" %}\n```\n{% endhint %}',
  '{% hint style="info" %}\n{% hint style="danger" %}\nnested\n{% endhint %}\n{% endhint %}',
  "<div>raw html</div>\n\na <b>b</b> c<br>d",
  "<!-- a comment -->\n\nvisible",
  '[ref][r] and ![img][i]\n\n[r]: https://r.test "Title"\n[i]: /files/i',
  "x[^1]\n\n[^1]: a footnote",
  "www.example.com and https://a.test/b?c=d. and <https://x.test>",
  "#### four\n\n##### five\n\n###### six",
  "Setext\n======\n\nTwo\n---",
  "    indented code",
  "~~~py\nx = 1\n~~~",
  "* [ ] task\n* plain",
  "**a *b* c** *a **b** c* a ~~b *c*~~ d",
  "a  \nhard break and trailing\\",
  "| a |\n|---|\n| `x \\| y` |\n| only |",
  "![](no-alt.png)\n\n[](empty-text)",
  "Ünïcödé **ß** 中文 *字* 😀",
  "* a\n\n  second paragraph\n* b",
  "> a\n>> b\n> > > c",
  "* {% hint %} inline text\n\n{% whatever %}",
];
