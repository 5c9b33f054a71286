import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../testing';
import { MoreDetails } from './more-details';

describe('MoreDetails', () => {
  it('keeps the details hidden until its link is pressed, and says whether they show', async () => {
    const user = userEvent.setup();
    renderWithTheme(
      <p>
        A short line. <MoreDetails label="How to use a real model">Set a key.</MoreDetails>
      </p>,
    );
    const toggle = screen.getByRole('button', { name: 'How to use a real model' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Set a key.')).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Set a key.')).toBeVisible();
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toHaveTextContent(
      'Set a key.',
    );

    await user.click(toggle);
    expect(screen.queryByText('Set a key.')).not.toBeVisible();
  });
});
