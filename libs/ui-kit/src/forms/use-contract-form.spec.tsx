import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as z from 'zod/mini';
import { Button } from '../components/button/button';
import { TextField } from '../components/text-field/text-field';
import { renderWithTheme } from '../testing';
import { useContractForm } from './use-contract-form';

const Schema = z.object({
  email: z.email('Enter a valid e-mail address.'),
  referralCode: z.optional(z.string().check(z.minLength(3, 'Too short'))),
});

function SignupForm({
  onValid,
  serverErrors,
}: {
  onValid: (body: z.output<typeof Schema>) => void;
  serverErrors?: Record<string, string>;
}) {
  const form = useContractForm(Schema, { email: '', referralCode: '' }, ['referralCode']);
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <TextField label="Email" {...form.field('email')} />
      <TextField label="Referral code" {...form.field('referralCode')} />
      <Button type="submit">Sign up</Button>
      <Button variant="ghost" onClick={() => form.showServerErrors(serverErrors)}>
        Server says no
      </Button>
    </form>
  );
}

describe('useContractForm', () => {
  it('shows the schema errors beside their fields and sends nothing', async () => {
    const onValid = jest.fn();
    renderWithTheme(<SignupForm onValid={onValid} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(onValid).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInvalid();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Enter a valid e-mail address.',
    );
  });

  it('clears a field error when the field changes, and sends the parsed body without empty optional fields', async () => {
    const onValid = jest.fn();
    renderWithTheme(<SignupForm onValid={onValid} />);
    const email = screen.getByRole('textbox', { name: 'Email' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(email).toBeInvalid();

    await userEvent.type(email, 'ada@mason.dev');
    expect(email).not.toBeInvalid();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(onValid).toHaveBeenCalledWith({ email: 'ada@mason.dev' });
  });

  it('shows field errors that came back from the server', async () => {
    renderWithTheme(
      <SignupForm onValid={jest.fn()} serverErrors={{ email: 'Email already in use.' }} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Server says no' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Email already in use.',
    );
  });
});
