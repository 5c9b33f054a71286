import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { anEditSession, aSelection } from '../../test-utils/fixtures';
import {
  SESSION_PARAMETER,
  StoryToolbar,
  visualEditStoryDecorators,
} from '../../test-utils/visual-edit-story';
import { VisualEditToggle } from './visual-edit-toggle';

const meta = {
  title: 'Visual edit/Toggle',
  component: VisualEditToggle,
  decorators: [
    (Story) => (
      <StoryToolbar>
        <Story />
      </StoryToolbar>
    ),
    ...visualEditStoryDecorators(),
  ],
} satisfies Meta<typeof VisualEditToggle>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Edit mode off: one press turns it on. */
export const Off: Story = {
  parameters: { [SESSION_PARAMETER]: () => anEditSession({ editMode: false }) },
  play: async ({ canvas }) => {
    const toggle = canvas.getByRole('button', { name: 'Edit' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  },
};

/** Edit mode on, nothing staged: a press turns it off without asking. */
export const On: Story = {
  parameters: { [SESSION_PARAMETER]: () => anEditSession() },
  play: async ({ canvas }) => {
    const toggle = canvas.getByRole('button', { name: 'Edit' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  },
};

/** Edit mode on with a change not saved: turning it off asks first; Escape keeps editing. */
export const AsksBeforeDroppingChanges: Story = {
  parameters: {
    [SESSION_PARAMETER]: () =>
      anEditSession({
        pendingEdits: [
          { selection: aSelection(), command: 'UPDATE', textContent: 'Plan your month' },
        ],
      }),
  },
  play: async ({ canvas }) => {
    const toggle = canvas.getByRole('button', { name: 'Edit' });
    await userEvent.click(toggle);
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Keep editing' })).toHaveFocus(),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  },
};
