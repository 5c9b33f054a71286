import { createRef } from 'react';
import { act, screen } from '@testing-library/react';
import { renderWithTheme } from '../../testing';
import { Button } from '../button/button';
import { Page, PageHeader } from './page';

describe('Page and PageHeader', () => {
  it('is the main landmark with the page’s heading, its line and its actions', () => {
    renderWithTheme(
      <Page>
        <PageHeader
          title="Your projects"
          description="Every app you described to Mason, newest first."
          actions={<Button>New project</Button>}
        />
        <p>The list</p>
      </Page>,
    );
    const main = screen.getByRole('main');
    const heading = screen.getByRole('heading', { level: 1, name: 'Your projects' });
    expect(main).toContainElement(heading);
    expect(main).toHaveTextContent('Every app you described to Mason, newest first.');
    expect(main).toContainElement(screen.getByRole('button', { name: 'New project' }));
    expect(main).toHaveTextContent('The list');
  });

  it('leaves the heading out of the tab order, and lets code focus it when it holds a ref', () => {
    const ref = createRef<HTMLHeadingElement>();
    const { unmount } = renderWithTheme(<PageHeader title="Tasks" />);
    expect(screen.getByRole('heading', { name: 'Tasks' })).not.toHaveAttribute('tabindex');
    unmount();

    renderWithTheme(<PageHeader ref={ref} title="Your projects" />);
    act(() => ref.current?.focus());
    expect(screen.getByRole('heading', { name: 'Your projects' })).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Your projects' })).toHaveAttribute(
      'tabindex',
      '-1',
    );
  });

  it('keeps several actions side by side in one group at the header’s end', () => {
    renderWithTheme(
      <PageHeader
        title="Your projects"
        actions={
          <>
            <Button>Import</Button>
            <Button>New project</Button>
          </>
        }
      />,
    );
    const header = screen.getByRole('banner');
    const importButton = screen.getByRole('button', { name: 'Import' });
    const actions = importButton.parentElement;
    // One container holds both: the header spreads its titles and that group, not each button.
    expect(actions).toContainElement(screen.getByRole('button', { name: 'New project' }));
    expect(actions).not.toBe(header);
    expect(header.lastElementChild).toBe(actions);
  });

  it('shows no empty line when there is no description', () => {
    renderWithTheme(<PageHeader title="Tasks" />);
    expect(screen.getByRole('banner').querySelector('p')).toBeNull();
  });
});
