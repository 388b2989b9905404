import { readFileSync } from 'node:fs';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { type RenderedGuide, renderGuide } from './markdown.ts';
import { prefersHtml } from './negotiate.ts';
import { addVary, page, pageLanguage } from './page.ts';
import { GUIDES, SITE_STYLE, siteLink } from './site.ts';
import { SITE_TEXTS } from './site-texts.ts';

/**
 * The guides of docs/, where errors (doc_url), webhook deliveries (User-Agent) and the v1
 * API (Link, 410) point: `/docs/<name>` is a page in the API reference's colours for a
 * browser, every heading with the id GitHub gives it and every error code with its own, so
 * that `/docs/errors#<code>` lands on the code's row. A client that does not ask for HTML
 * (curl, fetch, a reader following the v1 Link header's `type="text/markdown"`) gets the
 * markdown as before; `/docs/<name>.md` is always the markdown.
 */

const GUIDE_TEMPLATE = new URL('./templates/guide.eta', import.meta.url);

function sendMarkdown(reply: FastifyReply, markdown: string) {
  return reply.type('text/markdown; charset=utf-8').header('X-Content-Type-Options', 'nosniff').send(markdown);
}

export const guidePages: FastifyPluginAsync = async (app) => {
  for (const name of GUIDES) {
    // The markdown is read at boot; the page is made when first asked for (not at boot,
    // which `npm start` keeps short), then kept.
    const markdown = readFileSync(new URL(`../../../docs/${name}.md`, import.meta.url), 'utf8');
    let rendered: RenderedGuide | undefined;

    app.get(`/docs/${name}.md`, { schema: { hide: true } }, async (_request, reply) => sendMarkdown(reply, markdown));

    app.get(`/docs/${name}`, { schema: { hide: true } }, async (request, reply) => {
      addVary(reply, 'Accept');
      if (!prefersHtml(request.headers.accept)) return sendMarkdown(reply, markdown);
      rendered ??= renderGuide(markdown, GUIDES);
      const language = pageLanguage(request);
      const t = SITE_TEXTS[language];
      return page(reply, 200, language, GUIDE_TEMPLATE, {
        t,
        title: rendered.title,
        name,
        guides: GUIDES,
        html: rendered.html,
        headings: rendered.headings,
        link: siteLink(request, language),
        headStyle: SITE_STYLE,
        footer: t.footerSite,
        indexable: true,
      });
    });
  }
};
