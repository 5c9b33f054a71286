import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithTheme } from '../../testing';
import { TextField } from './text-field';

describe('TextField', () => {
  it('labels the input and describes it with its hint', () => {
    renderWithTheme(<TextField label="Email" hint="We never share it." type="email" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAccessibleDescription('We never share it.');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('with an error: aria-invalid and the error first in the description', () => {
    renderWithTheme(
      <TextField
        label="Email"
        hint="Work address"
        error="Enter a valid e-mail address."
        required
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toBeInvalid();
    expect(input).toBeRequired();
    expect(input).toHaveAccessibleDescription('Enter a valid e-mail address. Work address');
  });

  it('keeps a description id passed by the caller', () => {
    renderWithTheme(
      <>
        <p id="extra">Extra words</p>
        <TextField label="Name" aria-describedby="extra" error="Required" />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'Required Extra words',
    );
  });

  it('shows and hides a password', async () => {
    const user = userEvent.setup();
    renderWithTheme(<TextField label="Password" type="password" defaultValue="s3cret" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute(
      'aria-controls',
      input.id,
    );

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('is a normal controlled input', async () => {
    function Controlled() {
      const [value, setValue] = useState('');
      return (
        <>
          <TextField
            label="Project name"
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
          <output>{value}</output>
        </>
      );
    }
    renderWithTheme(<Controlled />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Project name' }), 'Acme CRM');
    expect(screen.getByRole('status')).toHaveTextContent('Acme CRM');
  });
});
