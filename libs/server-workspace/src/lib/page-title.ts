import { TEMPLATE_FILES } from './template';

const TITLE = /<title>([^<]*)<\/title>/i;

/** The title of the starter's index.html ('My app'): a page still titled so has no name of its own. */
export const STARTER_TITLE = TITLE.exec(TEMPLATE_FILES['index.html'] ?? '')?.[1] ?? 'My app';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[char]};`);

/**
 * An app's index.html with the project's name as its page title, where the page has none of its
 * own: its title is the starter's ('My app') or empty, or it has no title (one is added to the
 * head). A title the person or the assistant gave the page stays.
 */
export function withProjectTitle(html: string, projectName: string): string {
  const name = projectName.trim();
  if (!name) return html;
  const title = `<title>${escapeHtml(name)}</title>`;
  const current = TITLE.exec(html);
  if (current) {
    const text = (current[1] ?? '').trim();
    return text === '' || text === STARTER_TITLE ? html.replace(TITLE, title) : html;
  }
  return /<\/head>/i.test(html) ? html.replace(/<\/head>/i, `  ${title}\n  </head>`) : html;
}
