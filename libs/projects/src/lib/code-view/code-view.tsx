import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import styled from 'styled-components';
import { languageOf, plainLines } from './code-lines';

type Highlighter = typeof import('./highlight');

let loading: Promise<Highlighter> | null = null;

/** The highlighter (lowlight and its grammars) is its own chunk, loaded when a file is first shown. */
function useHighlighter(): Highlighter | null {
  const [highlighter, setHighlighter] = useState<Highlighter | null>(null);
  useEffect(() => {
    let live = true;
    loading ??= import('./highlight');
    loading.then(
      (loaded) => {
        if (live) setHighlighter(loaded);
      },
      () => {
        // Offline or a stale deployment: the file stays readable as plain text; try again next time.
        loading = null;
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return highlighter;
}

const StyledScroller = styled.div`
  flex: 1;
  min-height: 0;
  overflow: auto;
  background: ${({ theme }) => theme.colors.background};

  &:focus-visible {
    outline: none;
    box-shadow: inset ${({ theme }) => theme.shadows.focus};
  }
`;

const StyledPre = styled.pre`
  margin: 0;
  padding: ${({ theme }) => `${theme.space[3]} 0`};
  font-family: ${({ theme }) => theme.typography.fonts.mono};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  line-height: ${({ theme }) => theme.typography.lineHeights.relaxed};
  color: ${({ theme }) => theme.colors.foreground};
  tab-size: 2;
  min-width: max-content;

  code {
    display: block;
    font: inherit;
  }

  .line {
    display: flex;
  }

  /* Line numbers are drawn from data-line: they are not text, so copying code leaves them out. */
  .line::before {
    content: attr(data-line);
    flex: none;
    box-sizing: content-box;
    width: var(--gutter-digits, 2ch);
    padding: ${({ theme }) => `0 ${theme.space[4]} 0 ${theme.space[3]}`};
    text-align: right;
    color: ${({ theme }) => theme.colors.mutedForeground};
    opacity: 0.7;
    user-select: none;
  }

  .text {
    white-space: pre;
    padding-right: ${({ theme }) => theme.space[4]};
  }

  .hljs-comment,
  .hljs-quote {
    color: ${({ theme }) => theme.colors.mutedForeground};
    font-style: italic;
  }
  .hljs-keyword,
  .hljs-selector-tag,
  .hljs-built_in,
  .hljs-type,
  .hljs-doctag {
    color: ${({ theme }) => theme.colors.infoText};
  }
  .hljs-string,
  .hljs-regexp,
  .hljs-addition,
  .hljs-meta .hljs-string {
    color: ${({ theme }) => theme.colors.successText};
  }
  .hljs-number,
  .hljs-literal,
  .hljs-symbol,
  .hljs-bullet,
  .hljs-attr,
  .hljs-attribute,
  .hljs-property,
  .hljs-selector-class,
  .hljs-selector-id,
  .hljs-variable,
  .hljs-template-variable {
    color: ${({ theme }) => theme.colors.warningText};
  }
  .hljs-tag,
  .hljs-name,
  .hljs-deletion,
  .hljs-selector-pseudo {
    color: ${({ theme }) => theme.colors.destructiveText};
  }
  .hljs-title,
  .hljs-section {
    color: ${({ theme }) => theme.colors.foreground};
    font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  }
  .hljs-meta,
  .hljs-punctuation,
  .hljs-params {
    color: ${({ theme }) => theme.colors.mutedForeground};
  }
  .hljs-emphasis {
    font-style: italic;
  }
  .hljs-strong {
    font-weight: ${({ theme }) => theme.typography.fontWeights.bold};
  }
  .hljs-link {
    text-decoration: underline;
  }
`;

export interface CodeViewProps {
  /** The file's path: picks the grammar and names the region. */
  path: string;
  /** The file's text. */
  content: string;
}

/** A file's text, read-only, with line numbers and syntax highlighting (no HTML from the file reaches the DOM). */
export function CodeView({ path, content }: CodeViewProps) {
  const highlighter = useHighlighter();
  const lines = useMemo(
    () =>
      highlighter ? highlighter.highlightLines(content, languageOf(path)) : plainLines(content),
    [highlighter, path, content],
  );
  return (
    // A scrollable region must be reachable by keyboard to be scrolled without a mouse.
    <StyledScroller tabIndex={0} role="region" aria-label={`Contents of ${path}`}>
      <StyledPre
        style={
          { '--gutter-digits': `${Math.max(2, String(lines.length).length)}ch` } as CSSProperties
        }
      >
        <code>
          {lines.map((segments, index) => (
            <span className="line" data-line={index + 1} key={index}>
              <span className="text">
                {segments.map((segment, at) =>
                  segment.className ? (
                    <span key={at} className={segment.className}>
                      {segment.text}
                    </span>
                  ) : (
                    segment.text
                  ),
                )}
                {'\n'}
              </span>
            </span>
          ))}
        </code>
      </StyledPre>
    </StyledScroller>
  );
}
