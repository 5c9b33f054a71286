import { screen, waitFor } from '@testing-library/react';
import { renderWithTheme } from '@mason/ui-kit/testing';
import { CodeView } from './code-view';

describe('CodeView', () => {
  it('numbers the lines, can be scrolled by keyboard and names the file', async () => {
    renderWithTheme(<CodeView path="src/App.tsx" content={'const a = 1;\nconst b = 2;\n'} />);
    const region = screen.getByRole('region', { name: 'Contents of src/App.tsx' });
    expect(region).toHaveAttribute('tabindex', '0');
    const lines = region.querySelectorAll('.line');
    expect([...lines].map((line) => line.getAttribute('data-line'))).toEqual(['1', '2']);
    await waitFor(() => expect(screen.getAllByText('const')[0]).toHaveClass('hljs-keyword'));
  });

  it('shows markup in a file as text, never as elements', () => {
    const { container } = renderWithTheme(
      <CodeView
        path="notes.txt"
        content={'<img src=x onerror="alert(1)"><script>alert(2)</script>'}
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByRole('region')).toHaveTextContent(
      '<img src=x onerror="alert(1)"><script>alert(2)</script>',
    );
  });
});
