import type { BridgeConfig } from '../bridge/bridge-config';
import { MODULE_SCRIPT, TEMPLATE_FILES, type Diagnostic } from '@mason/server-workspace';

/** The app's own index.html, or the starter app's when it has none. */
const DEFAULT_INDEX = TEMPLATE_FILES['index.html'] as string;

/** The app's own index.html, or the starter app's when it has none. */
export const appIndexPage = (indexHtml: string | undefined): string => indexHtml ?? DEFAULT_INDEX;

/** JSON that is safe inside a <script> element (no '</script>', no '<!--'). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

export interface AppPageParts {
  readonly importMapJson: string;
  readonly bridgeConfig: BridgeConfig;
  readonly scriptUrl: string;
  readonly styleUrl: string | null;
  /** The build's stylesheet, written in the page instead of linked (no request before paint). */
  readonly inlineStyle?: string | null;
  /** The bridge script, written in the page instead of loaded from /__mason/bridge.js. */
  readonly inlineBridge?: string | null;
  /** Modules the bundle imports as it starts: fetched beside it (modulepreload). */
  readonly preloadUrls?: readonly string[];
}

function bridgeTags(config: BridgeConfig): string {
  return (
    `<script type="application/json" id="mason-bridge-config">${scriptJson(config)}</script>\n` +
    `<script src="/__mason/bridge.js"></script>\n`
  );
}

/**
 * The app's index.html as the preview serves it: the module script it names is replaced by the
 * bundle, and before anything else in <head> come the import map (shared React), modulepreload
 * links for the bundle and the runtime files it starts with (fetched at once, side by side), the
 * stylesheet and the bridge (a classic script, so it runs before the app's module and sees its
 * first log); the stylesheet and the bridge may be written in the page (no request for them).
 */
export function appPage(indexHtml: string | undefined, parts: AppPageParts): string {
  const html = (indexHtml ?? DEFAULT_INDEX).replace(MODULE_SCRIPT, '');
  const preloads = [parts.scriptUrl, ...(parts.preloadUrls ?? [])]
    .map((url) => `<link rel="modulepreload" href="${url}" />\n`)
    .join('');
  const style = parts.inlineStyle
    ? `<style data-mason-style>${parts.inlineStyle}</style>\n`
    : parts.styleUrl
      ? `<link rel="stylesheet" href="${parts.styleUrl}" data-mason-style />\n`
      : '';
  const bridge = parts.inlineBridge
    ? `<script type="application/json" id="mason-bridge-config">${scriptJson(parts.bridgeConfig)}</script>\n<script>${parts.inlineBridge}</script>\n`
    : bridgeTags(parts.bridgeConfig);
  const head =
    `<script type="importmap">${parts.importMapJson}</script>\n` + preloads + style + bridge;
  const script = `<script type="module" src="${parts.scriptUrl}"></script>\n`;
  const withHead = /<head[^>]*>/i.test(html)
    ? html.replace(/<head[^>]*>/i, (tag) => `${tag}\n${head}`)
    : `${head}${html}`;
  return /<\/body>/i.test(withHead)
    ? withHead.replace(/<\/body>/i, `${script}</body>`)
    : `${withHead}${script}`;
}

const PAGE_STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;padding:32px;color:#18181b;background:#fafafa}
@media (prefers-color-scheme:dark){body{color:#e4e4e7;background:#18181b}code{background:#27272a}}
h1{font-size:20px;margin:0 0 8px}ul{padding-left:20px}li{margin:8px 0}
code{font:13px ui-monospace,monospace;background:#f4f4f5;padding:2px 4px;border-radius:4px;white-space:pre-wrap}`;

/** A page of the preview that says what went wrong and what to do (no app in it). */
export function messagePage(title: string, body: string, bridgeConfig?: BridgeConfig): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" />
<title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style>
${bridgeConfig ? bridgeTags(bridgeConfig) : ''}</head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>
`;
}

/** The page of a version that does not build: its errors, by file and line. */
export function buildFailedPage(
  diagnostics: readonly Diagnostic[],
  bridgeConfig: BridgeConfig,
): string {
  const items = diagnostics
    .filter((diagnostic) => diagnostic.severity === 'error')
    .map((diagnostic) => {
      const where = [diagnostic.file, diagnostic.line, diagnostic.column]
        .filter((part) => part !== null)
        .join(':');
      return `<li>${where ? `<code>${escapeHtml(where)}</code> ` : ''}${escapeHtml(diagnostic.message)}</li>`;
    })
    .join('');
  return messagePage(
    'The app does not build',
    `<p>Fix these errors (or ask the assistant to) and the preview comes back by itself.</p><ul>${items}</ul>`,
    bridgeConfig,
  );
}
