import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../testing';
import { Banner } from './banner';

describe('Banner', () => {
  it('is a labelled region with text, link and a dismiss button that calls its handler', async () => {
    const onDismiss = jest.fn();
    renderWithTheme(
      <Banner
        link={{ href: 'https://example.com/migrate', label: 'Read the migration guide' }}
        onDismiss={onDismiss}
      >
        Mason shuts down at the end of October 2025.
      </Banner>,
    );
    const region = screen.getByRole('region', { name: 'Announcement' });
    expect(region).toHaveTextContent('Mason shuts down at the end of October 2025.');
    expect(screen.getByRole('link', { name: 'Read the migration guide' })).toHaveAttribute(
      'href',
      'https://example.com/migrate',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss announcement' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
    // Presentational: it does not hide itself.
    expect(region).toBeInTheDocument();
  });

  it('has no dismiss button without a handler; external links open safely', () => {
    renderWithTheme(
      <Banner link={{ href: 'https://example.com', label: 'Guide', external: true }}>News</Banner>,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Guide' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
