import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { errorHandler, pendingHandler } from '@mason/api-client/testing';
import {
  aContainerSelection,
  aListItemSelection,
  anEditSession,
  aSelection,
  PROJECT_CHANGED_MESSAGE,
} from '../../test-utils/fixtures';
import {
  SESSION_PARAMETER,
  StoryToolbar,
  visualEditStoryDecorators,
} from '../../test-utils/visual-edit-story';
import { VisualEditToggle } from '../visual-edit-toggle/visual-edit-toggle';
import { VisualEditPanel } from './visual-edit-panel';

/** The preview toolbar's toggle above the panel, as the workspace places them. */
function Workspace() {
  return (
    <>
      <StoryToolbar>
        <VisualEditToggle />
      </StoryToolbar>
      <VisualEditPanel projectId="project-1" taskId="task-1" />
    </>
  );
}

const meta = {
  title: 'Visual edit/Panel',
  render: () => <Workspace />,
  parameters: { docs: { story: { inline: false, iframeHeight: 760 } } },
  decorators: visualEditStoryDecorators(),
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const heading = aSelection();
const withChanges = () =>
  anEditSession({
    selection: heading,
    pendingEdits: [
      { selection: heading, command: 'UPDATE', className: 'text-5xl font-bold' },
      {
        selection: aListItemSelection(),
        command: 'UPDATE',
        style: { color: 'tomato', 'margin-top': '' },
      },
      { selection: aContainerSelection(), command: 'DELETE' },
    ],
  });

const panelOf = (canvas: { findByRole: typeof screen.findByRole }) =>
  canvas.findByRole('region', { name: 'Visual edit' });

/** Edit mode off: only the toggle; the panel renders nothing. */
export const Off: Story = {
  parameters: { [SESSION_PARAMETER]: () => anEditSession({ editMode: false }) },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('region', { name: 'Visual edit' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Edit' }));
    await expect(await panelOf(canvas)).toBeVisible();
  },
};

export const NoSelection: Story = {
  parameters: { [SESSION_PARAMETER]: () => anEditSession() },
  play: async ({ canvas }) => {
    const panel = await panelOf(canvas);
    await expect(
      within(panel).getByText('Click an element in the preview to edit it.'),
    ).toBeVisible();
    await expect(within(panel).getByRole('button', { name: 'Save changes' })).toBeDisabled();
  },
};

/** A heading that holds only text: class, words and style can change; each change stages. */
export const TextElementSelected: Story = {
  parameters: { [SESSION_PARAMETER]: () => anEditSession({ selection: heading }) },
  play: async ({ canvas }) => {
    const panel = await panelOf(canvas);
    await expect(within(panel).getByRole('heading', { name: 'Heading in Hero' })).toBeVisible();
    const text = within(panel).getByLabelText('Text');
    await userEvent.clear(text);
    await userEvent.type(text, 'Plan your month');
    const changes = await within(panel).findByRole('region', { name: 'Not saved yet: 1 change' });
    await expect(within(changes).getByText('New text.')).toBeVisible();
  },
};

/** The design controls of a Tailwind app: a choice replaces the class that set the same thing. */
export const DesignChoices: Story = {
  parameters: { [SESSION_PARAMETER]: () => anEditSession({ selection: heading }) },
  play: async ({ canvas }) => {
    const panel = await panelOf(canvas);
    const size = await within(panel).findByRole('combobox', { name: 'Font size' });
    await waitFor(() => expect(size).toHaveValue('text-4xl'));
    await userEvent.selectOptions(size, 'Small');
    await userEvent.selectOptions(
      within(panel).getByRole('combobox', { name: 'Text colour' }),
      'Primary',
    );
    await expect(within(panel).getByLabelText('Class')).toHaveValue(
      'font-bold text-sm text-primary',
    );
  },
};

/** A card that holds other elements: its words are out of reach, and the panel says why. */
export const ElementWithChildren: Story = {
  parameters: { [SESSION_PARAMETER]: () => anEditSession({ selection: aContainerSelection() }) },
  play: async ({ canvas }) => {
    const panel = await panelOf(canvas);
    await expect(within(panel).getByLabelText('Text')).toBeDisabled();
    await expect(
      within(panel).getByText(
        'This element holds other elements. Select one of them to change its words.',
      ),
    ).toBeVisible();
  },
};

/** Text that comes from code ({TITLE}): the panel says so before Save and offers the chat. */
export const TextFromCode: Story = {
  parameters: {
    [SESSION_PARAMETER]: () =>
      anEditSession({ selection: aSelection({ textFromCode: '{TITLE}' }) }),
  },
  play: async ({ canvas }) => {
    const panel = await panelOf(canvas);
    await expect(within(panel).getByLabelText('Text')).toHaveAttribute('readonly');
    await expect(within(panel).getByText(/This text comes from code \(\{TITLE\}\)/)).toBeVisible();
    await expect(
      within(panel).getByRole('button', { name: 'Ask the assistant to change it' }),
    ).toBeVisible();
  },
};

/** An image: its source can be changed; one the page could not load is refused beside the field. */
export const Image: Story = {
  parameters: {
    [SESSION_PARAMETER]: () =>
      anEditSession({
        selection: aSelection({
          componentName: 'Team',
          tagName: 'img',
          className: 'rounded-xl',
          textContent: null,
          style: {},
          src: '/assets/team.jpg',
        }),
      }),
  },
  play: async ({ canvas }) => {
    const panel = await panelOf(canvas);
    const source = within(panel).getByRole('textbox', { name: 'Image source' });
    await expect(source).toHaveValue('/assets/team.jpg');
    await userEvent.clear(source);
    await userEvent.type(source, 'team.jpg');
    await expect(
      await within(panel).findByText(
        'Use a web address (https://…) or a path in the app, such as /assets/photo.png.',
      ),
    ).toBeVisible();
  },
};

/** An item a list repeats three times: a change applies to every copy. */
export const ListItem: Story = {
  parameters: { [SESSION_PARAMETER]: () => anEditSession({ selection: aListItemSelection() }) },
  play: async ({ canvas }) => {
    const panel = await panelOf(canvas);
    await expect(within(panel).getByText('appears 3 times')).toBeVisible();
    await expect(within(panel).getByText(/a change applies to all 3 of them/)).toBeVisible();
  },
};

/** Three changes staged: the list says what each does; one can be undone. */
export const PendingChanges: Story = {
  parameters: { [SESSION_PARAMETER]: withChanges },
  play: async ({ canvas }) => {
    const panel = await panelOf(canvas);
    const changes = within(panel).getByRole('region', { name: 'Not saved yet: 3 changes' });
    await expect(
      within(changes).getByText('New style (color, margin-top), all 3 copies.'),
    ).toBeVisible();
    await userEvent.click(
      within(changes).getByRole('button', {
        name: 'Undo the change to Box in TaskCard (src/components/TaskCard.tsx:8)',
      }),
    );
    await expect(
      within(panel).getByRole('region', { name: 'Not saved yet: 2 changes' }),
    ).toBeVisible();
  },
};

/** Saving: the button shows progress and the fields wait for the answer. */
export const Saving: Story = {
  parameters: {
    [SESSION_PARAMETER]: withChanges,
    msw: { handlers: [pendingHandler('applyVisualEdits')] },
  },
  play: async ({ canvas }) => {
    const panel = await panelOf(canvas);
    await userEvent.click(within(panel).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(within(panel).getByRole('button', { name: 'Saving…' })).toHaveAttribute(
        'aria-busy',
        'true',
      ),
    );
    await expect(within(panel).getByLabelText('Class')).toBeDisabled();
  },
};

/** Saved: the changes are cleared and a toast names the new version. */
export const Saved: Story = {
  parameters: { [SESSION_PARAMETER]: withChanges },
  play: async ({ canvas }) => {
    const panel = await panelOf(canvas);
    await userEvent.click(within(panel).getByRole('button', { name: 'Save changes' }));
    await expect(await screen.findByText('Saved as version 2.')).toBeVisible();
    await expect(within(panel).queryByRole('region', { name: /Not saved yet/ })).toBeNull();
  },
};

/** The project changed since (409): the server's sentence shows, the changes stay. */
export const SaveFailed: Story = {
  parameters: {
    [SESSION_PARAMETER]: withChanges,
    msw: {
      handlers: [errorHandler('applyVisualEdits', 409, { message: PROJECT_CHANGED_MESSAGE })],
    },
  },
  play: async ({ canvas }) => {
    const panel = await panelOf(canvas);
    await userEvent.click(within(panel).getByRole('button', { name: 'Save changes' }));
    const alert = await within(panel).findByRole('alert');
    await expect(alert).toHaveTextContent(PROJECT_CHANGED_MESSAGE);
    // Beside Save, in view.
    await expect(alert.closest('footer')).not.toBeNull();
    await expect(
      within(panel).getByRole('region', { name: 'Not saved yet: 3 changes' }),
    ).toBeVisible();
  },
};

export const DiscardModal: Story = {
  parameters: { [SESSION_PARAMETER]: withChanges },
  play: async ({ canvas }) => {
    const panel = await panelOf(canvas);
    await userEvent.click(within(panel).getByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
    await expect(dialog).toHaveTextContent('3 changes you have not saved will be lost');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Keep editing' })).toHaveFocus(),
    );
  },
};

export const DeleteModal: Story = {
  parameters: { [SESSION_PARAMETER]: () => anEditSession({ selection: heading }) },
  play: async ({ canvas }) => {
    const panel = await panelOf(canvas);
    await userEvent.click(within(panel).getByRole('button', { name: 'Delete element' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this heading?' });
    await expect(dialog).toHaveTextContent('It is removed from the source of Hero');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus(),
    );
  },
};
