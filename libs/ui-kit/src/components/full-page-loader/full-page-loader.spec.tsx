import { screen } from '@testing-library/react';
import { renderWithTheme } from '../../testing';
import { FullPageLoader } from './full-page-loader';

describe('FullPageLoader', () => {
  it('is a status "Loading Mason" showing the logo mark', () => {
    const { container } = renderWithTheme(<FullPageLoader />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading Mason');
    expect(container.ownerDocument.querySelector('svg')).not.toBeNull();
  });

  it('can show a visible message', () => {
    renderWithTheme(<FullPageLoader message="Restoring your session…" />);
    expect(screen.getByRole('status')).toHaveTextContent('Restoring your session…');
  });
});
