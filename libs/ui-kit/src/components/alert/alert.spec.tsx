import { screen } from '@testing-library/react';
import { renderWithTheme } from '../../testing';
import { Alert } from './alert';

describe('Alert', () => {
  it('errors are announced at once (role=alert)', () => {
    renderWithTheme(<Alert tone="error" title="Invalid email or password" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it('other tones are polite status messages', () => {
    renderWithTheme(
      <Alert tone="success" title="Check your inbox">
        We sent a link to ada@mason.dev.
      </Alert>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Check your inboxWe sent a link to ada@mason.dev.',
    );
  });
});
