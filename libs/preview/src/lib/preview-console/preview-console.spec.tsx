import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PreviewSession, PreviewSessionProvider } from '@mason/preview-state';
import { renderWithTheme } from '@mason/ui-kit/testing';
import { MIXED_CONSOLE, sessionWithConsole } from '../../test-utils/console-fixtures';
import { PreviewConsole } from './preview-console';

function renderConsole(session: PreviewSession, onClose?: () => void) {
  const user = userEvent.setup();
  renderWithTheme(
    <PreviewSessionProvider session={session}>
      <PreviewConsole onClose={onClose} />
    </PreviewSessionProvider>,
  );
  return { user, session };
}

const messages = () =>
  within(screen.getByRole('list', { name: 'Console messages' })).getAllByRole('listitem');
const filter = (name: RegExp) =>
  within(screen.getByRole('group', { name: 'Show in the console' })).getByRole('button', { name });

describe('PreviewConsole', () => {
  it('says so while nothing is logged, with nothing to clear or fix', () => {
    renderConsole(new PreviewSession());
    expect(
      screen.getByText('Nothing logged yet. What the app writes to its console shows here.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear the console' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Fix with AI' })).toBeDisabled();
  });

  it('lists every entry with its level, and counts errors, warnings and logs', () => {
    renderConsole(sessionWithConsole(MIXED_CONSOLE));

    expect(messages().map((item) => item.textContent?.split(':')[0])).toEqual([
      'Info',
      'Log',
      'Debug',
      'Warning',
      'Error',
      'Uncaught error',
      'Build error',
    ]);
    expect(messages()[6]).toHaveTextContent('src/App.tsx:3:7');
    expect(filter(/^Errors/)).toHaveTextContent('Errors3');
    expect(filter(/^Warnings/)).toHaveTextContent('Warnings1');
    expect(filter(/^Logs/)).toHaveTextContent('Logs3');
  });

  it('shows new entries as the app logs them', () => {
    const session = new PreviewSession();
    renderConsole(session);
    act(() => session.log({ level: 'log', text: 'Saved the todo.', detail: null }));
    expect(messages()).toHaveLength(1);
    expect(messages()[0]).toHaveTextContent('Log: Saved the todo.');
  });

  it('hides and shows kinds of entries', async () => {
    const { user } = renderConsole(sessionWithConsole(MIXED_CONSOLE));

    await user.click(filter(/^Logs/));
    expect(filter(/^Logs/)).toHaveAttribute('aria-pressed', 'false');
    expect(messages()).toHaveLength(4);
    await user.click(filter(/^Warnings/));
    expect(messages().every((item) => /error/i.test(item.textContent ?? ''))).toBe(true);

    await user.click(filter(/^Errors/));
    expect(screen.getByText('All 7 messages are hidden by the filter.')).toBeInTheDocument();

    await user.click(filter(/^Logs/));
    expect(messages()).toHaveLength(3);
  });

  it('clears the console', async () => {
    const { user, session } = renderConsole(sessionWithConsole(MIXED_CONSOLE));
    await user.click(screen.getByRole('button', { name: 'Clear the console' }));
    expect(session.getState().console).toEqual([]);
    expect(screen.getByText(/Nothing logged yet/)).toBeInTheDocument();
  });

  it('asks the chat to fix the errors, each once', async () => {
    const { user, session } = renderConsole(sessionWithConsole(MIXED_CONSOLE));
    await user.click(screen.getByRole('button', { name: 'Fix with AI' }));

    const [request] = session.getState().chatRequests;
    expect(request?.content).toMatch(
      /^Fix these errors from the preview:\n\n1\. Error: Failed to load resource/,
    );
    expect(request?.content).toContain(
      "2. Uncaught error: TypeError: Cannot read properties of undefined (reading 'dueDate')",
    );
    expect(request?.content).toContain(
      '3. Build error: Cannot find name “toggle”.\n   src/App.tsx:3:7',
    );
    expect(request?.content).not.toContain('Each child in a list');
  });

  it('hides itself with its close button', async () => {
    const onClose = jest.fn();
    const { user } = renderConsole(new PreviewSession(), onClose);
    await user.click(screen.getByRole('button', { name: 'Hide the console' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
