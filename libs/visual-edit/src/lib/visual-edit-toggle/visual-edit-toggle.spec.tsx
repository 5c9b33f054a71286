import { screen, within } from '@testing-library/react';
import { PreviewSession } from '@mason/preview-state';
import { setupApiServer } from '@mason/web-testing';
import { anEditSession, aSelection } from '../../test-utils/fixtures';
import { renderVisualEdit } from '../../test-utils/render-visual-edit';
import { VisualEditToggle } from './visual-edit-toggle';

setupApiServer();

describe('VisualEditToggle', () => {
  it('turns edit mode on (layout mode off) and off again', async () => {
    const session = new PreviewSession();
    session.setLayoutMode(true);
    const { user } = renderVisualEdit(<VisualEditToggle />, session);
    const toggle = screen.getByRole('button', { name: 'Edit' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(session.getState()).toMatchObject({ editMode: true, layoutMode: false });

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(session.getState().editMode).toBe(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks before leaving edit mode with changes not saved, and keeps them when asked to', async () => {
    const heading = aSelection();
    const session = anEditSession({
      selection: heading,
      pendingEdits: [{ selection: heading, command: 'UPDATE', textContent: 'Hello' }],
    });
    const { user } = renderVisualEdit(<VisualEditToggle />, session);
    const toggle = screen.getByRole('button', { name: 'Edit' });

    await user.click(toggle);
    let dialog = screen.getByRole('alertdialog', { name: 'Discard your changes?' });
    expect(dialog).toHaveAccessibleDescription(
      '1 change you have not saved will be lost, and the preview goes back to the saved version.',
    );
    expect(within(dialog).getByRole('button', { name: 'Keep editing' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(session.getState().editMode).toBe(true);
    expect(session.getState().pendingEdits).toHaveLength(1);

    await user.click(toggle);
    dialog = screen.getByRole('alertdialog', { name: 'Discard your changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    expect(session.getState()).toMatchObject({
      editMode: false,
      pendingEdits: [],
      selection: null,
    });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });
});
