import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../testing';
import { DownloadCodeButton, type DownloadCodeState } from './download-code-button';

function state(overrides: Partial<DownloadCodeState> = {}): DownloadCodeState {
  return {
    download: jest.fn(),
    dismiss: jest.fn(),
    preparing: false,
    started: false,
    error: null,
    ...overrides,
  };
}

describe('DownloadCodeButton', () => {
  it('is named by its visible words and the project it downloads, and downloads on a click', async () => {
    const code = state();
    renderWithTheme(<DownloadCodeButton code={code} projectName="Mug shop" />);
    const button = screen.getByRole('button', { name: 'Download code of Mug shop' });
    // No aria-label over the words: the name holds what the button shows (WCAG 2.5.3).
    expect(button).not.toHaveAttribute('aria-label');
    expect(button).toHaveTextContent(/^Download code/);

    await userEvent.click(button);
    expect(code.download).toHaveBeenCalledTimes(1);
  });

  it('without a project name it is "Download code"', () => {
    renderWithTheme(<DownloadCodeButton code={state()} placement="bar" />);
    expect(screen.getByRole('button', { name: 'Download code' })).toBeVisible();
  });

  it('says it is preparing, and then that the code is downloading', () => {
    const view = renderWithTheme(
      <DownloadCodeButton code={state({ preparing: true })} projectName="Mug shop" />,
    );
    const button = screen.getByRole('button', { name: 'Preparing… the code of Mug shop' });
    expect(button).toHaveAttribute('aria-busy', 'true');

    view.rerender(<DownloadCodeButton code={state({ started: true })} projectName="Mug shop" />);
    expect(screen.getByRole('status')).toHaveTextContent('The code of Mug shop is downloading.');
  });

  it('in a row, says why it failed on a line of its own, described by the button', () => {
    renderWithTheme(
      <DownloadCodeButton
        code={state({ error: { message: 'This project has no files yet.' } })}
        projectName="Mug shop"
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The code could not be downloaded. This project has no files yet.',
    );
    expect(
      screen.getByRole('button', { name: 'Download code of Mug shop' }),
    ).toHaveAccessibleDescription(
      'The code could not be downloaded. This project has no files yet.',
    );
    expect(screen.queryByRole('button', { name: 'Close the message' })).not.toBeInTheDocument();
  });

  it('in a bar, says why in a callout that can be closed', async () => {
    const code = state({ error: { message: 'Unknown server error' } });
    renderWithTheme(<DownloadCodeButton code={code} placement="bar" />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The code could not be downloaded. Unknown server error',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close the message' }));
    expect(code.dismiss).toHaveBeenCalledTimes(1);
  });
});
