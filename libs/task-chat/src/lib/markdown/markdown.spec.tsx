import { renderWithTheme } from '@mason/ui-kit/testing';
import { screen, waitFor } from '@testing-library/react';
import { Markdown } from './markdown';

describe('Markdown', () => {
  it('renders the assistant’s markdown: emphasis, lists, tables', () => {
    renderWithTheme(
      <Markdown>
        {'I **built** it:\n\n- a list\n- of todos\n\n| a | b |\n|---|---|\n| 1 | 2 |'}
      </Markdown>,
    );
    expect(screen.getByText('built').tagName).toBe('STRONG');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('table')).toBeInTheDocument();
  });

  it('shows code at once as plain text, then highlights it by language', async () => {
    const { container } = renderWithTheme(<Markdown>{'```tsx\nconst answer = 42;\n```'}</Markdown>);
    expect(container.querySelector('pre code')).toHaveTextContent('const answer = 42;');
    await waitFor(() => expect(container.querySelector('pre code.hljs')).not.toBeNull());
    expect(container.querySelector('.hljs-keyword')).toHaveTextContent('const');
  });

  it('never renders raw HTML from the model', () => {
    const { container } = renderWithTheme(
      <Markdown>
        {'Hello <img src=x onerror="alert(1)"> <script>alert(2)</script> <b>bold</b>'}
      </Markdown>,
    );
    expect(container.querySelector('img, script, b')).toBeNull();
    expect(container).toHaveTextContent('Hello');
  });

  it('opens links in a new tab without handing over the opener, and drops javascript: links', () => {
    renderWithTheme(
      <Markdown>{'[docs](https://vite.dev/guide/) and [bad](javascript:alert(1))'}</Markdown>,
    );
    const docs = screen.getByRole('link', { name: 'docs' });
    expect(docs).toHaveAttribute('href', 'https://vite.dev/guide/');
    expect(docs).toHaveAttribute('target', '_blank');
    expect(docs).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('bad').closest('a')?.getAttribute('href') ?? '').not.toContain(
      'javascript',
    );
  });
});
