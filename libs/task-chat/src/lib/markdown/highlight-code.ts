import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import plaintext from 'highlight.js/lib/languages/plaintext';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import rehypeHighlight, { type Options as HighlightOptions } from 'rehype-highlight';

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
 *
 * Its own chunk (the grammars are about 110 KB): Markdown loads it once a message with code has
 * been painted.
 */
export const highlightCode = rehypeHighlight(highlight);
