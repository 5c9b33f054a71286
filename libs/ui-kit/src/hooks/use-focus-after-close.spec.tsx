import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { useFocusAfterClose } from './use-focus-after-close';

function Editor() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const focusOpener = useFocusAfterClose(open, opener);
  if (open)
    return (
      <>
        <input aria-label="Name" autoFocus />
        <button type="button" onClick={() => setOpen(false)}>
          Close quietly
        </button>
        <button
          type="button"
          onClick={() => {
            setOpen(false);
            focusOpener();
          }}
        >
          Done
        </button>
      </>
    );
  return (
    <button type="button" ref={opener} onClick={() => setOpen(true)}>
      Edit
    </button>
  );
}

describe('useFocusAfterClose', () => {
  it('gives focus back to the opener once the editor has closed, when asked', async () => {
    const user = userEvent.setup();
    render(<Editor />);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus();
  });

  it('leaves focus alone when the editor closed without asking', async () => {
    const user = userEvent.setup();
    render(<Editor />);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Close quietly' }));
    expect(screen.getByRole('button', { name: 'Edit' })).not.toHaveFocus();
  });
});
