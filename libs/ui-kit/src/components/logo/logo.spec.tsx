import { screen } from '@testing-library/react';
import { renderWithTheme } from '../../testing';
import { Logo } from './logo';

describe('Logo', () => {
  it('is one image named Mason, with an inline svg mark and the wordmark', () => {
    renderWithTheme(<Logo />);
    const logo = screen.getByRole('img', { name: 'Mason' });
    expect(logo.querySelector('svg')).not.toBeNull();
    expect(logo).toHaveTextContent('Mason');
  });

  it('mark only, decorative when the parent names it', () => {
    renderWithTheme(
      <a href="/" aria-label="Mason home">
        <Logo variant="mark" title={null} />
      </a>,
    );
    expect(screen.getByRole('link', { name: 'Mason home' })).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
