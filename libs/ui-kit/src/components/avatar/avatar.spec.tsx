import { fireEvent, screen } from '@testing-library/react';
import { renderWithTheme } from '../../testing';
import { Avatar, getInitials } from './avatar';

describe('Avatar', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada', 'A'],
    ['Grace Brewster Murray Hopper', 'GH'],
    ['ada@mason.dev', 'A'],
    ['  ', '?'],
    ['Élodie Durand', 'ÉD'],
  ])('initials of %p are %p', (name, initials) => {
    expect(getInitials(name)).toBe(initials);
  });

  it('shows initials named by the person', () => {
    renderWithTheme(<Avatar name="Ada Lovelace" />);
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveTextContent('AL');
  });

  it('shows the picture and falls back to initials when it fails', () => {
    renderWithTheme(<Avatar name="Ada Lovelace" src="/ada.png" />);
    const image = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(image.tagName).toBe('IMG');
    fireEvent.error(image);
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveTextContent('AL');
  });
});
