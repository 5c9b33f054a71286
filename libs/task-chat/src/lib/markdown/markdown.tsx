import { memo, useEffect, useSyncExternalStore, type ComponentPropsWithoutRef } from 'react';
import ReactMarkdown, { type Components, type Options as MarkdownOptions } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import styled from 'styled-components';
import { focusRingStyles } from '@mason/ui-kit';
import { whenIdle } from '../when-idle/when-idle';

type RehypePlugins = NonNullable<MarkdownOptions['rehypePlugins']>;

const remarkPlugins: MarkdownOptions['remarkPlugins'] = [remarkGfm];
const plain: RehypePlugins = [];

/**
 * Code is highlighted once the highlighter (./highlight-code, a chunk of its own) has loaded: a
 * message first shows its code as plain text, in the same box, then coloured. The chat's first
 * paint neither waits for the grammars' download nor pays for compiling them (most of the
 * markdown's cost when a chat opens on a few code blocks); they load when the browser is idle.
 */
let highlighted: RehypePlugins | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function loadHighlighter(): void {
  loading ??= import('./highlight-code').then(
    ({ highlightCode }) => {
      highlighted = [() => highlightCode];
      for (const listener of listeners) listener();
    },
    () => {
      // Offline or a stale deployment: the code stays plain; the next message with code tries again.
      loading = null;
    },
  );
}

function subscribeToHighlighter(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const readHighlighter = () => highlighted;
const readNothing = () => null;

/** The highlighter loads when the page is idle, or after this long (ms) on a page that stays busy. */
const HIGHLIGHTER_WAIT_MS = 1000;

/** Only fenced code (``` or ~~~, with its language) is highlighted. */
const FENCE = /```|~~~/;

/** Links the model writes open in a new tab and pass nothing of Mason to the page they open. */
function ExternalLink({
  node: _node,
  children,
  ...props
}: ComponentPropsWithoutRef<'a'> & { node?: unknown }) {
  return (
    <a {...props} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

const components: Components = { a: ExternalLink };

export const StyledMarkdown = styled.div`
  min-width: 0;
  overflow-wrap: anywhere;
  line-height: ${({ theme }) => theme.typography.lineHeights.relaxed};

  > :first-child {
    margin-top: 0;
  }
  > :last-child {
    margin-bottom: 0;
  }
  p,
  ul,
  ol,
  pre,
  blockquote,
  table {
    margin: ${({ theme }) => `0 0 ${theme.space[3]}`};
  }
  h1,
  h2,
  h3,
  h4 {
    margin: ${({ theme }) => `${theme.space[4]} 0 ${theme.space[2]}`};
    font-size: ${({ theme }) => theme.typography.fontSizes.md};
    font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
    line-height: ${({ theme }) => theme.typography.lineHeights.snug};
  }
  ul,
  ol {
    padding-left: ${({ theme }) => theme.space[5]};
  }
  /* The global reset takes list markers away (ui-kit global style): an answer's lists show them. */
  ul {
    list-style: disc;
  }
  ul ul {
    list-style: circle;
  }
  ol {
    list-style: decimal;
  }
  li + li {
    margin-top: ${({ theme }) => theme.space[1]};
  }
  a {
    color: ${({ theme }) => theme.colors.infoText};
    text-decoration: underline;
    text-underline-offset: 2px;
    border-radius: ${({ theme }) => theme.radii.sm};
    ${focusRingStyles}
  }
  blockquote {
    padding-left: ${({ theme }) => theme.space[3]};
    border-left: 3px solid ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.mutedForeground};
  }
  code {
    font-family: ${({ theme }) => theme.typography.fonts.mono};
    font-size: 0.9em;
  }
  :not(pre) > code {
    padding: 0.1em 0.35em;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.muted};
  }
  pre {
    overflow-x: auto;
    padding: ${({ theme }) => theme.space[3]};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.card};
    font-size: ${({ theme }) => theme.typography.fontSizes.xs};
    line-height: ${({ theme }) => theme.typography.lineHeights.normal};
  }
  table {
    display: block;
    overflow-x: auto;
    border-collapse: collapse;
    font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  }
  th,
  td {
    padding: ${({ theme }) => `${theme.space[1]} ${theme.space[2]}`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
  }

  /* highlight.js token classes, coloured from the theme's roles. */
  .hljs-comment,
  .hljs-quote {
    color: ${({ theme }) => theme.colors.mutedForeground};
    font-style: italic;
  }
  .hljs-keyword,
  .hljs-selector-tag,
  .hljs-built_in,
  .hljs-meta {
    color: ${({ theme }) => theme.colors.infoText};
  }
  .hljs-string,
  .hljs-attr,
  .hljs-template-tag,
  .hljs-addition {
    color: ${({ theme }) => theme.colors.successText};
  }
  .hljs-number,
  .hljs-literal,
  .hljs-variable,
  .hljs-title,
  .hljs-type {
    color: ${({ theme }) => theme.colors.warningText};
  }
  .hljs-name,
  .hljs-tag,
  .hljs-deletion,
  .hljs-selector-class {
    color: ${({ theme }) => theme.colors.destructiveText};
  }
`;

export interface MarkdownProps {
  children: string;
  className?: string;
}

/**
 * The assistant's words as markdown (GitHub's flavour, code highlighted once the highlighter has
 * loaded). Raw HTML in the text is dropped, never rendered, and unsafe link targets
 * (javascript:, ...) are removed.
 */
export const Markdown = memo(function Markdown({ children, className }: MarkdownProps) {
  const hasCode = FENCE.test(children);
  // A message without code is not parsed again when the highlighter arrives.
  const read = hasCode ? readHighlighter : readNothing;
  const highlighter = useSyncExternalStore(subscribeToHighlighter, read, read);
  useEffect(() => {
    if (!hasCode || highlighter) return;
    return whenIdle(loadHighlighter, HIGHLIGHTER_WAIT_MS);
  }, [hasCode, highlighter]);
  return (
    <StyledMarkdown className={className}>
      <ReactMarkdown
        remarkPlugins={remarkPlugins}
        rehypePlugins={highlighter ?? plain}
        components={components}
        skipHtml
      >
        {children}
      </ReactMarkdown>
    </StyledMarkdown>
  );
});

/** A little of everything the assistant writes: headings, emphasis, lists, links, a table, code. */
const WARM_UP_SAMPLE = [
  '## Done',
  'The **header** is _sticky_ now, see `App.tsx` and [the docs](https://example.com/docs).',
  '- one\n- two\n\n1. first\n2. second',
  '> A note.',
  '| a | b |\n| - | - |\n| 1 | 2 |',
  '```tsx\nexport const answer = 42;\n```',
].join('\n\n');

let warmedUp = false;

/**
 * Renders a short sample once, unseen. The markdown parser's first messages cost several times
 * the next ones (its code is compiled and optimised on first use): a chat calls this while it
 * waits for its entries, so the first ones it shows render at the warm speed.
 */
export function warmUpMarkdown(): void {
  if (warmedUp) return;
  warmedUp = true;
  ReactMarkdown({
    children: WARM_UP_SAMPLE,
    remarkPlugins,
    rehypePlugins: plain,
    components,
    skipHtml: true,
  });
}
