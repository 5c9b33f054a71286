import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import plaintext from 'highlight.js/lib/languages/plaintext';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import { memo, type ComponentPropsWithoutRef } from 'react';
import ReactMarkdown, { type Components, type Options as MarkdownOptions } from 'react-markdown';
import rehypeHighlight, { type Options as HighlightOptions } from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import styled from 'styled-components';
import { focusRingStyles } from '@mason/ui-kit';

/** The languages of a React + TypeScript app and its tooling; anything else stays plain text. */
const highlight: HighlightOptions = {
  languages: { bash, css, diff, javascript, json, markdown, plaintext, typescript, xml },
  aliases: {
    bash: ['sh', 'shell', 'zsh', 'console'],
    javascript: ['js', 'jsx', 'mjs', 'cjs'],
    typescript: ['ts', 'tsx', 'mts'],
    xml: ['html', 'svg'],
    json: ['jsonc'],
    markdown: ['md'],
  },
};

/**
 * One highlighter for the page. rehype-highlight makes a new one (every grammar registered, then
 * compiled again on first use) each time a processor attaches it, which react-markdown does on
 * every render of every message: a chat opening on a few code blocks spent most of its first
 * paint compiling the same grammars. The transform it answers keeps its highlighter, so every
 * message shares it.
 */
const highlightCode = rehypeHighlight(highlight);
const rehypePlugins: MarkdownOptions['rehypePlugins'] = [() => highlightCode];
const remarkPlugins: MarkdownOptions['remarkPlugins'] = [remarkGfm];

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
 * The assistant's words as markdown (GitHub's flavour, code highlighted). Raw HTML in the text
 * is dropped, never rendered, and unsafe link targets (javascript:, ...) are removed.
 */
export const Markdown = memo(function Markdown({ children, className }: MarkdownProps) {
  return (
    <StyledMarkdown className={className}>
      <ReactMarkdown
        remarkPlugins={remarkPlugins}
        rehypePlugins={rehypePlugins}
        components={components}
        skipHtml
      >
        {children}
      </ReactMarkdown>
    </StyledMarkdown>
  );
});
