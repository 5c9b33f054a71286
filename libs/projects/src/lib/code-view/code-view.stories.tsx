import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { CodeView } from './code-view';

const meta = {
  title: 'Projects/Code view',
  component: CodeView,
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div style={{ height: 360, display: 'flex' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CodeView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A TypeScript component: keywords, strings, JSX and comments each have their colour. */
export const TypeScript: Story = {
  args: {
    path: 'src/App.tsx',
    content: `import { useState } from 'react';

// Counts clicks.
export function Counter({ start = 0 }: { start?: number }) {
  const [count, setCount] = useState(start);
  return <button onClick={() => setCount(count + 1)}>Clicked {count} times</button>;
}
`,
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('.hljs-string')).not.toBeNull());
    await expect(canvasElement.querySelectorAll('.line')).toHaveLength(7);
  },
};

/** CSS. */
export const Css: Story = {
  args: {
    path: 'src/index.css',
    content: '.card {\n  border-radius: 1rem; /* round */\n  color: #fafafa;\n}\n',
  },
};

/** A file type the highlighter does not know: plain text, still with line numbers. */
export const PlainText: Story = {
  args: { path: '.gitignore', content: 'node_modules\ndist\n.env\n' },
};

/** Markup in a file is shown as text; it never becomes part of the page. */
export const MarkupStaysText: Story = {
  args: {
    path: 'notes.txt',
    content: '<img src=x onerror="alert(1)">\n<script>alert(2)</script>\n',
  },
  play: async ({ canvasElement, canvas }) => {
    await expect(canvas.getByText('<script>alert(2)</script>')).toBeVisible();
    await expect(canvasElement.querySelector('img')).toBeNull();
  },
};
