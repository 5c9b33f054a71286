import { act, screen, waitFor, within } from '@testing-library/react';
import type { VisualEditsRequest } from '@mason/contract';
import { aVersion, errorHandler, mockEndpoint } from '@mason/api-client/testing';
import type { PendingEdit } from '@mason/preview-state';
import { setupApiServer } from '@mason/web-testing';
import {
  aContainerSelection,
  aListItemSelection,
  anEditSession,
  aSelection,
  PROJECT_CHANGED_MESSAGE,
} from '../../test-utils/fixtures';
import { renderVisualEdit } from '../../test-utils/render-visual-edit';
import { VisualEditPanel } from './visual-edit-panel';

const server = setupApiServer();

const heading = aSelection();
const card = aContainerSelection();
const listItem = aListItemSelection();

/** The panel of project-1 (task-1) over `session`; records the bodies of the saves. */
function renderPanel(session = anEditSession({ selection: heading })) {
  const saves: VisualEditsRequest[] = [];
  server.use(
    mockEndpoint('applyVisualEdits', ({ body }) => {
      saves.push(body as VisualEditsRequest);
      return { version: aVersion({ index: 2, summary: 'Visual edits' }) };
    }),
  );
  const view = renderVisualEdit(<VisualEditPanel projectId="project-1" taskId="task-1" />, session);
  return { ...view, saves, panel: screen.getByRole('region', { name: 'Visual edit' }) };
}

const pending = (session: ReturnType<typeof anEditSession>) => session.getState().pendingEdits;

describe('VisualEditPanel', () => {
  it('shows nothing outside edit mode', () => {
    renderVisualEdit(<VisualEditPanel projectId="project-1" />, anEditSession({ editMode: false }));
    expect(screen.queryByRole('region', { name: 'Visual edit' })).not.toBeInTheDocument();
  });

  it('asks for a click in the preview, then shows the element picked there', async () => {
    const { panel, session } = renderPanel(anEditSession());
    expect(
      within(panel).getByText('Click an element in the preview to edit it.'),
    ).toBeInTheDocument();

    act(() => session.select(heading));
    expect(
      await within(panel).findByRole('heading', { name: 'Heading in Hero' }),
    ).toBeInTheDocument();
    expect(within(panel).getByText('src/components/Hero.tsx:12')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Class')).toHaveValue('text-4xl font-bold');
    expect(within(panel).getByLabelText('Text')).toHaveValue('Plan your week');
    expect(within(panel).getByLabelText('Value of color')).toHaveValue('rebeccapurple');
    expect(within(panel).queryByText(/appears/)).not.toBeInTheDocument();
  });

  it('says before Save that text from code cannot be changed here, and offers to ask the assistant', async () => {
    const titled = aSelection({ textFromCode: '{TITLE}' });
    const { panel, session, user } = renderPanel(anEditSession({ selection: titled }));
    const field = within(panel).getByRole('textbox', { name: 'Text' });
    expect(field).toHaveValue('Plan your week');
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveAccessibleDescription(
      /^This text comes from code \(\{TITLE\}\), so it cannot be changed here\./,
    );
    await user.type(field, ' now');
    expect(field).toHaveValue('Plan your week');
    expect(pending(session)).toEqual([]);

    await user.click(within(panel).getByRole('button', { name: 'Ask the assistant to change it' }));
    expect(session.getState().chatRequests).toEqual([
      {
        id: expect.any(Number),
        draft: true,
        content:
          'Change the text "Plan your week" of Heading in Hero (src/components/Hero.tsx:12, it comes from {TITLE} in the code) to: ',
      },
    ]);
  });

  it('says a change to an element a list repeats applies to every copy', () => {
    const { panel } = renderPanel(anEditSession({ selection: listItem }));
    expect(
      within(panel).getByRole('heading', { name: 'List item in TaskList' }),
    ).toBeInTheDocument();
    expect(within(panel).getByText('appears 3 times')).toBeInTheDocument();
    expect(within(panel).getByText(/a change applies to all 3 of them/)).toBeInTheDocument();
  });

  it('stages a class change with only the class, and shows it in the list of changes', async () => {
    const { panel, session, user } = renderPanel();
    const field = within(panel).getByLabelText('Class');
    await user.clear(field);
    await user.type(field, 'text-5xl font-bold');

    await waitFor(() =>
      expect(pending(session)).toEqual([
        { selection: heading, command: 'UPDATE', className: 'text-5xl font-bold' },
      ]),
    );
    const changes = within(panel).getByRole('region', { name: 'Not saved yet: 1 change' });
    expect(within(changes).getByText('Heading in Hero')).toBeInTheDocument();
    expect(within(changes).getByText('New class.')).toBeInTheDocument();
  });

  it('in a Tailwind app, a design choice replaces the class that set the same thing', async () => {
    const { panel, session, user } = renderPanel();
    const size = await within(panel).findByRole('combobox', { name: 'Font size' });
    await waitFor(() => expect(size).toHaveValue('text-4xl'));
    expect(
      within(panel).getByText(
        'Each choice writes a Tailwind class, in place of the one that set the same thing.',
      ),
    ).toBeInTheDocument();
    await user.selectOptions(size, 'Small');
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Text align' }), 'Center');
    expect(within(panel).getByLabelText('Class')).toHaveValue('font-bold text-sm text-center');
    await waitFor(() =>
      expect(pending(session)).toEqual([
        { selection: heading, command: 'UPDATE', className: 'font-bold text-sm text-center' },
      ]),
    );
  });

  it('outside Tailwind, a design choice writes an inline style', async () => {
    server.use(
      mockEndpoint('getProjectPreview', () => ({
        url: 'http://p-project-1.localhost:4200/?mason_preview=test',
        origin: 'http://p-project-1.localhost:4200',
        versionIndex: 1,
        versionId: 'version-1',
        expiresAt: '2026-01-01T00:00:00.000Z',
        tailwind: false,
      })),
    );
    const { panel, session, user } = renderPanel();
    expect(
      await within(panel).findByText('Each choice writes an inline style.'),
    ).toBeInTheDocument();
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Font weight' }), 'Bold');
    expect(within(panel).getByLabelText('Value of font-weight')).toHaveValue('700');
    expect(within(panel).getByLabelText('Class')).toHaveValue('text-4xl font-bold');
    await waitFor(() =>
      expect(pending(session)).toEqual([
        { selection: heading, command: 'UPDATE', style: { 'font-weight': '700' } },
      ]),
    );
  });

  it('stages a text change with only the text', async () => {
    const { panel, session, user } = renderPanel();
    const field = within(panel).getByLabelText('Text');
    await user.clear(field);
    await user.type(field, 'Plan your month');

    await waitFor(() =>
      expect(pending(session)).toEqual([
        { selection: heading, command: 'UPDATE', textContent: 'Plan your month' },
      ]),
    );
  });

  it('changes an image’s source, refusing one the page could not load, and saves it', async () => {
    const image = aSelection({
      tagName: 'img',
      textContent: null,
      className: 'rounded',
      style: {},
      src: '/assets/team.jpg',
    });
    const { panel, session, saves, user } = renderPanel(anEditSession({ selection: image }));
    const field = within(panel).getByRole('textbox', { name: 'Image source' });
    expect(field).toHaveValue('/assets/team.jpg');

    await user.clear(field);
    await user.type(field, 'javascript:alert(1)');
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('Use a web address (https://…) or a path in the app'),
    );
    await user.clear(field);
    await user.type(field, 'https://example.com/team.jpg');
    await waitFor(() =>
      expect(pending(session)).toEqual([
        { selection: image, command: 'UPDATE', src: 'https://example.com/team.jpg' },
      ]),
    );
    expect(within(panel).getByText('New image source.')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved as version 2.')).toBeInTheDocument();
    expect(saves[0]?.edits).toEqual([
      expect.objectContaining({ command: 'UPDATE', newSrc: 'https://example.com/team.jpg' }),
    ]);
  });

  it('offers no image source for an element that is not an image', () => {
    const { panel } = renderPanel();
    expect(within(panel).queryByRole('textbox', { name: 'Image source' })).not.toBeInTheDocument();
  });

  it('keeps the words of an element that holds other elements out of reach, and says why', () => {
    const { panel } = renderPanel(anEditSession({ selection: card }));
    const field = within(panel).getByLabelText('Text');
    expect(field).toBeDisabled();
    expect(field).toHaveAccessibleDescription(
      'This element holds other elements. Select one of them to change its words.',
    );
    expect(within(panel).getByText('This element has no inline style.')).toBeInTheDocument();
  });

  it('stages style changes as the properties that change: new values, added ones, removed ones', async () => {
    const styled = aSelection({ style: { color: 'rebeccapurple', 'margin-top': '8px' } });
    const { panel, session, user } = renderPanel(anEditSession({ selection: styled }));

    await user.clear(within(panel).getByLabelText('Value of color'));
    await user.type(within(panel).getByLabelText('Value of color'), 'tomato');
    await user.click(within(panel).getByRole('button', { name: 'Remove margin-top' }));
    await user.click(within(panel).getByRole('button', { name: 'Add a property' }));
    const property = within(panel).getByLabelText('Property 2');
    expect(property).toHaveFocus();
    await user.type(property, 'letterSpacing');
    await user.type(within(panel).getByLabelText('Value of letterSpacing'), '0.02em');

    await waitFor(() =>
      expect(pending(session)).toEqual([
        {
          selection: styled,
          command: 'UPDATE',
          style: { color: 'tomato', 'letter-spacing': '0.02em', 'margin-top': '' },
        },
      ]),
    );
  });

  it('leaves out a style row whose property is not a CSS property, and says so', async () => {
    const { panel, session, user } = renderPanel();
    await user.click(within(panel).getByRole('button', { name: 'Add a property' }));
    await user.type(within(panel).getByLabelText('Property 2'), '1st color');
    await user.type(within(panel).getByLabelText('Value of 1st color'), 'red');

    expect(within(panel).getByLabelText('Property 2')).toHaveAccessibleDescription(
      'Use a CSS property name, like color or margin-top.',
    );
    // A valid change beside it is staged without the row.
    await user.type(within(panel).getByLabelText('Class'), ' italic');
    // Staging is debounced: on a busy machine it may stage 'it' first, then the whole word.
    await waitFor(() =>
      expect(pending(session)).toEqual([
        { selection: heading, command: 'UPDATE', className: 'text-4xl font-bold italic' },
      ]),
    );
  });

  it('unstages an element whose values are back to the original ones', async () => {
    const { panel, session, user } = renderPanel();
    const field = within(panel).getByLabelText('Class');
    await user.type(field, ' italic');
    await waitFor(() => expect(pending(session)).toHaveLength(1));

    await user.clear(field);
    await user.type(field, 'text-4xl font-bold');
    await waitFor(() => expect(pending(session)).toEqual([]));
    expect(within(panel).queryByRole('region', { name: /Not saved yet/ })).not.toBeInTheDocument();
  });

  it('undoes one change from the list, and the editor shows the element as saved again', async () => {
    const { panel, session, user } = renderPanel(
      anEditSession({
        selection: heading,
        pendingEdits: [
          { selection: card, command: 'DELETE' },
          { selection: heading, command: 'UPDATE', className: 'text-5xl' },
        ],
      }),
    );
    expect(within(panel).getByLabelText('Class')).toHaveValue('text-5xl');

    await user.click(
      within(panel).getByRole('button', {
        name: 'Undo the change to Heading in Hero (src/components/Hero.tsx:12)',
      }),
    );
    expect(pending(session)).toEqual([{ selection: card, command: 'DELETE' }]);
    expect(within(panel).getByLabelText('Class')).toHaveValue('text-4xl font-bold');
  });

  it('asks before deleting an element, then stages a DELETE and clears the selection', async () => {
    const { panel, session, user } = renderPanel(anEditSession({ selection: listItem }));
    await user.click(within(panel).getByRole('button', { name: 'Delete element' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Delete this list item?' });
    expect(dialog).toHaveAccessibleDescription(
      'It is removed from the source of TaskList (src/components/TaskList.tsx:21) when you save your changes. It appears 3 times on the page, and every copy is removed.',
    );
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(pending(session)).toEqual([]);

    await user.click(within(panel).getByRole('button', { name: 'Delete element' }));
    dialog = screen.getByRole('alertdialog', { name: 'Delete this list item?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete element' }));

    expect(pending(session)).toEqual([{ selection: listItem, command: 'DELETE' }]);
    expect(session.getState().selection).toBeNull();
    expect(within(panel).getByText('Deleted, all 3 copies.')).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Visual edit' })).toHaveFocus();
  });

  it('saves the staged edits on the shown version, then resets them and says which version it made', async () => {
    const { panel, session, saves, user } = renderPanel(
      anEditSession({
        selection: heading,
        pendingEdits: [
          { selection: card, command: 'DELETE' },
          { selection: listItem, command: 'UPDATE', className: 'py-3' },
        ],
      }),
    );
    // Typed just before the click: saved too, without waiting for the preview.
    await user.type(within(panel).getByLabelText('Text'), '!');
    await user.click(within(panel).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Saved as version 2.')).toBeInTheDocument();
    expect(saves).toEqual([
      {
        taskId: 'task-1',
        baseVersionId: 'version-1',
        edits: [
          {
            selectedLayout: {
              componentName: 'TaskCard',
              filePath: 'src/components/TaskCard.tsx',
              line: 8,
              column: 5,
              tagName: 'div',
              page: '/',
            },
            command: 'DELETE',
          },
          {
            selectedLayout: {
              componentName: 'TaskList',
              filePath: 'src/components/TaskList.tsx',
              line: 21,
              column: 11,
              tagName: 'li',
              page: '/',
            },
            command: 'UPDATE',
            newClassValue: 'py-3',
            previousClassValue: 'py-2',
          },
          {
            selectedLayout: {
              componentName: 'Hero',
              filePath: 'src/components/Hero.tsx',
              line: 12,
              column: 7,
              tagName: 'h1',
              page: '/',
            },
            command: 'UPDATE',
            newTextContent: 'Plan your week!',
            previousTextContent: 'Plan your week',
          },
        ],
      },
    ]);
    expect(pending(session)).toEqual([]);
    expect(session.getState().selection).toBeNull();
    expect(session.getState().editMode).toBe(true);
  });

  it('shows why a save failed (the project changed) and keeps the edits to try again', async () => {
    const edits: PendingEdit[] = [{ selection: heading, command: 'UPDATE', className: 'text-5xl' }];
    const { panel, session, user } = renderPanel(anEditSession({ pendingEdits: edits }));
    server.use(errorHandler('applyVisualEdits', 409, { message: PROJECT_CHANGED_MESSAGE }));

    await user.click(within(panel).getByRole('button', { name: 'Save changes' }));

    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent(PROJECT_CHANGED_MESSAGE);
    // Beside Save, in the footer that stays in view, not under the fields that scroll.
    expect(alert.closest('footer')).toContainElement(
      within(panel).getByRole('button', { name: 'Save changes' }),
    );
    expect(pending(session)).toEqual(edits);
    expect(within(panel).getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });

  it('waits for the preview to say which version it shows before saving', () => {
    const { panel } = renderPanel(
      anEditSession({
        shownVersion: null,
        pendingEdits: [{ selection: heading, command: 'DELETE' }],
      }),
    );
    expect(within(panel).getByRole('button', { name: 'Save changes' })).toBeDisabled();
    expect(
      within(panel).getByText('You can save once the preview has loaded.'),
    ).toBeInTheDocument();
  });

  it('asks before discarding the changes, and can keep them', async () => {
    const { panel, session, user } = renderPanel(
      anEditSession({
        selection: heading,
        pendingEdits: [
          { selection: card, command: 'DELETE' },
          { selection: heading, command: 'UPDATE', className: 'text-5xl' },
        ],
      }),
    );
    await user.click(within(panel).getByRole('button', { name: 'Discard' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Discard your changes?' });
    expect(dialog).toHaveTextContent('2 changes you have not saved will be lost');
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(pending(session)).toHaveLength(2);

    await user.click(within(panel).getByRole('button', { name: 'Discard' }));
    dialog = screen.getByRole('alertdialog', { name: 'Discard your changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    expect(pending(session)).toEqual([]);
    expect(session.getState().editMode).toBe(true);
    expect(
      within(panel).getByText('Click an element in the preview to edit it.'),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Discard' })).toBeDisabled();
    expect(within(panel).getByRole('heading', { name: 'Visual edit' })).toHaveFocus();
  });
});
