import { screen } from '@testing-library/react';
import { renderWithTheme } from '../../testing';
import { Button } from '../button/button';
import { Panel } from './panel';

describe('Panel', () => {
  it('renders a section with a heading, description, actions, body and footer', () => {
    renderWithTheme(
      <Panel
        title="Profile"
        titleAs="h3"
        description="How others see you."
        actions={<Button variant="ghost">Edit</Button>}
        footer={<Button>Save</Button>}
        aria-label="Profile settings"
      >
        <p>Ada Lovelace</p>
      </Panel>,
    );
    const region = screen.getByRole('region', { name: 'Profile settings' });
    expect(region).toContainElement(screen.getByRole('heading', { level: 3, name: 'Profile' }));
    expect(region).toHaveTextContent('How others see you.');
    expect(region).toHaveTextContent('Ada Lovelace');
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });
});
