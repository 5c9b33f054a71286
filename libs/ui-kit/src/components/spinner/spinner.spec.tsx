import { screen } from '@testing-library/react';
import { renderWithTheme } from '../../testing';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('is a status with an accessible label', () => {
    renderWithTheme(<Spinner label="Loading projects" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading projects');
  });

  it('is hidden from assistive technology when decorative', () => {
    renderWithTheme(<Spinner decorative />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
