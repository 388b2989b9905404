import GithubSlugger from 'github-slugger';
import { Marked, Renderer, type Tokens } from 'marked';

/**
 * A guide of docs/ as HTML, for the pages at /docs/<name>: the markdown as GitHub shows it
 * (tables, fenced code, the `<a id>` anchors docs/errors.md puts before each code), each
 * heading with GitHub's id for it, so that a link written for GitHub (`#set-up-an-endpoint`,
 * the anchors of the v1 410 answers) lands on the same section here.
 *
 * The markdown is ours, from the repository, so its HTML is kept as written.
 */

export interface GuideHeading {
  depth: number;
  id: string;
  text: string;
}

export interface RenderedGuide {
  /** The text of its first level-1 heading. */
  title: string;
  html: string;
  /** Its level-2 and level-3 headings, in order: the page's contents. */
  headings: GuideHeading[];
}

/**
 * Renders one guide. A link to another guide (`webhooks.md#retries`) goes to its page
 * (`/docs/webhooks#retries`) when `published` names it; a link to a file that is not served
 * (`foundation.md`) keeps its text and loses the link, so that no page links to a 404.
 */
export function renderGuide(markdown: string, published: readonly string[]): RenderedGuide {
  const slugger = new GithubSlugger();
  const headings: GuideHeading[] = [];
  let title = '';
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(this: Renderer, { tokens, depth }: Tokens.Heading) {
        const text = this.parser.parseInline(tokens, this.parser.textRenderer);
        const id = slugger.slug(text);
        if (depth === 1 && title === '') title = text;
        if (depth === 2 || depth === 3) headings.push({ depth, id, text });
        const inner = this.parser.parseInline(tokens);
        return `<h${depth} id="${id}">${inner}<a class="anchor" href="#${id}" aria-hidden="true" tabindex="-1">#</a></h${depth}>\n`;
      },
      link(this: Renderer, token: Tokens.Link) {
        const href = guideHref(token.href, published);
        if (href === null) return this.parser.parseInline(token.tokens);
        return Renderer.prototype.link.call(this, { ...token, href });
      },
      // A block of code wider than its column scrolls inside itself: tabindex lets a keyboard
      // scroll it too (Safari makes no scrolling box focusable by itself).
      code(this: Renderer, token: Tokens.Code) {
        return Renderer.prototype.code.call(this, token).replace(/^<pre>/, '<pre tabindex="0">');
      },
      // A task of a checklist (`- [ ] Check each token`) is its box's label: a box without one
      // is read out as a bare "checkbox, not checked".
      listitem(this: Renderer, item: Tokens.ListItem) {
        if (!item.task) return false;
        return `<li class="task"><label>${this.parser.parse(item.tokens)}</label></li>\n`;
      },
      // Each cell carries its column's name (data-label), so that a phone can show a row as a
      // block of labelled lines (assets/site.css) instead of a table wider than the screen.
      table(this: Renderer, token: Tokens.Table) {
        const labels = token.header.map((cell) => escapeAttribute(this.parser.parseInline(cell.tokens, this.parser.textRenderer)));
        const head = token.header.map((cell) => this.tablecell(cell)).join('');
        const rows = token.rows.map((row) => {
          const cells = row.map((cell, i) => {
            const align = cell.align ? ` align="${cell.align}"` : '';
            return `<td data-label="${labels[i] ?? ''}"${align}>${this.parser.parseInline(cell.tokens)}</td>`;
          });
          // docs/errors.md marks a code's row with `<a id="code"></a>` in a cell: the row
          // itself takes the id, so that a doc_url scrolls to the row's top on any screen.
          const marks = [...cells.join('').matchAll(/<a id="([^"]+)"><\/a>/g)];
          if (marks.length !== 1) return `<tr>\n${cells.join('\n')}\n</tr>\n`;
          const unmarked = cells.map((cell) => cell.replace(marks[0]![0], ''));
          return `<tr id="${marks[0]![1]}">\n${unmarked.join('\n')}\n</tr>\n`;
        });
        return `<div class="table"><table>\n<thead>\n${this.tablerow({ text: head })}</thead>\n<tbody>${rows.join('')}</tbody>\n</table></div>\n`;
      },
    },
  });
  const html = marked.parse(markdown, { async: false });
  return { title, html, headings };
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** Where a link of a guide goes on the site; null for a file of docs/ that is not served. */
function guideHref(href: string, published: readonly string[]): string | null {
  const file = /^(?:\.\/)?([a-z0-9-]+)\.md(#.*)?$/.exec(href);
  if (!file) return href;
  const [, name, fragment = ''] = file;
  return published.includes(name as string) ? `/docs/${name}${fragment}` : null;
}
