import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Markdown } from './markdown';

const meta = {
  title: 'Task chat/Markdown',
  component: Markdown,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 520 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Markdown>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An answer as the assistant writes it: text, lists, a table, highlighted code, a link. */
export const Answer: Story = {
  args: {
    children: `I added **due dates** to the todo list:

- each todo has an optional date;
- overdue todos turn red.

To try it:

1. add a todo with a date in the past;
2. see it in red.

| File | Change |
|---|---|
| \`src/App.tsx\` | the date picker |
| \`src/todo.ts\` | \`isOverdue()\` |

\`\`\`tsx
export function isOverdue(todo: Todo, now = new Date()): boolean {
  return todo.due !== null && todo.due < now; // a comment
}
\`\`\`

See the [date input docs](https://developer.mozilla.org/en-US/docs/Web/HTML/Element/input/date).`,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'date input docs' })).toHaveAttribute(
      'target',
      '_blank',
    );
    // Lists keep their markers: bullets and numbers, not the reset's bare lines.
    const [bullets, steps] = canvas.getAllByRole('list');
    await expect(getComputedStyle(bullets as HTMLElement).listStyleType).toBe('disc');
    await expect(getComputedStyle(steps as HTMLElement).listStyleType).toBe('decimal');
  },
};

/** Raw HTML from the model is never rendered. */
export const RawHtmlDropped: Story = {
  args: { children: 'Here: <img src=x onerror="alert(1)"> <script>alert(2)</script> done.' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('img, script')).toBeNull();
  },
};
