import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { MoreDetails, type MoreDetailsProps } from './more-details';

const meta = {
  title: 'UI Kit/MoreDetails',
  component: MoreDetails,
  args: {
    label: 'How to use a real model',
    children: 'Set ANTHROPIC_API_KEY, then restart Mason.',
  },
  render: (args) => (
    <p style={{ maxWidth: 360 }}>
      Demo (offline) builds a small checklist app from your words. <MoreDetails {...args} />
    </p>
  ),
} satisfies Meta<MoreDetailsProps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: one short line and its link. */
export const Closed: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'How to use a real model' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    // Kept in the page for the button's aria-controls, hidden until pressed.
    await expect(canvas.getByText(/ANTHROPIC_API_KEY/)).not.toBeVisible();
  },
};

/** Open: the details under the line. */
export const Open: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'How to use a real model' }));
    await expect(canvas.getByText(/ANTHROPIC_API_KEY/)).toBeVisible();
  },
};
