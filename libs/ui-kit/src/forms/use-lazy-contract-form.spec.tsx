import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as z from 'zod/mini';
import { Button } from '../components/button/button';
import { TextField } from '../components/text-field/text-field';
import { renderWithTheme } from '../testing';
import { useLazyContractForm } from './use-lazy-contract-form';

const Schema = z.object({
  email: z.email('Enter a valid e-mail address.'),
  referralCode: z.optional(z.string().check(z.minLength(3, 'Too short'))),
});

function LoginForm({
  loadSchema,
  onValid,
}: {
  loadSchema: () => Promise<typeof Schema>;
  onValid: (body: z.output<typeof Schema>) => void;
}) {
  const form = useLazyContractForm(loadSchema, { email: '', referralCode: '' }, ['referralCode']);
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <TextField label="Email" {...form.field('email')} />
      <TextField label="Referral code" {...form.field('referralCode')} />
      <Button type="submit">Log in</Button>
    </form>
  );
}

describe('useLazyContractForm', () => {
  it('loads the schema when the person first types, once, and shows its errors on submit', async () => {
    const loadSchema = jest.fn(() => Promise.resolve(Schema));
    const onValid = jest.fn();
    renderWithTheme(<LoginForm loadSchema={loadSchema} onValid={onValid} />);
    expect(loadSchema).not.toHaveBeenCalled();

    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
        'Enter a valid e-mail address.',
      ),
    );
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInvalid();
    expect(onValid).not.toHaveBeenCalled();
    expect(loadSchema).toHaveBeenCalledTimes(1);
  });

  it('sends the parsed body without empty optional fields, even when submitted before any typing', async () => {
    const onValid = jest.fn();
    renderWithTheme(<LoginForm loadSchema={() => Promise.resolve(Schema)} onValid={onValid} />);
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
        'Enter a valid e-mail address.',
      ),
    );

    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@mason.dev');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ email: 'ada@mason.dev' }));
  });

  it('tries loading the schema again after a load failed', async () => {
    const loadSchema = jest
      .fn<Promise<typeof Schema>, []>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Schema);
    const onValid = jest.fn();
    renderWithTheme(<LoginForm loadSchema={loadSchema} onValid={onValid} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@mason.dev');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ email: 'ada@mason.dev' }));
    expect(loadSchema).toHaveBeenCalledTimes(2);
  });
});
