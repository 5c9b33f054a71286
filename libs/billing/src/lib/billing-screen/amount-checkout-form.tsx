import { useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { isApiError } from '@mason/api-client';
import { Button, TextField } from '@mason/ui-kit';

/** What the contract schema says of an amount: the number to send, or why it cannot be sent. */
export type AmountCheck = { ok: true; amount: number } | { ok: false; message: string };

export interface AmountCheckoutFormProps {
  /** The field's label ("Credits to buy"). */
  label: string;
  /** The field's name, as the request body and the server's fieldErrors name it. */
  name: string;
  defaultAmount: number;
  min: number;
  max: number;
  /** Shown before the number in the field ("$"). */
  prefix?: ReactNode;
  /** The allowed range and the price, in words. */
  hint: string;
  /** Checks the typed amount with the contract's request schema. */
  check: (value: number) => AmountCheck;
  /** What the typed amount costs, for the button ("Buy for $10.00"). */
  submitLabel: (amount: number) => string;
  /** Opens the checkout: resolves with its URL, rejects with the ApiError. */
  startCheckout: (amount: number) => Promise<{ checkoutUrl: string }>;
  openExternalUrl: (url: string) => void;
}

const StyledForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]};

  > :first-child {
    flex: 1 1 14rem;
  }
`;

const StyledSubmit = styled.div`
  /* Lines the button up with the field, under its label. */
  padding-top: ${({ theme }) => theme.space[6]};
`;

/**
 * An amount and a button that opens its checkout: checked with the contract's schema before
 * anything is sent, the server's refusal shown under the field (these calls never toast).
 */
export function AmountCheckoutForm({
  label,
  name,
  defaultAmount,
  min,
  max,
  prefix,
  hint,
  check,
  submitLabel,
  startCheckout,
  openExternalUrl,
}: AmountCheckoutFormProps) {
  const [value, setValue] = useState(String(defaultAmount));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const typed = value.trim() === '' ? Number.NaN : Number(value);
  const shownAmount = Number.isFinite(typed) && typed > 0 ? typed : 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = check(typed);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setBusy(true);
    try {
      const { checkoutUrl } = await startCheckout(checked.amount);
      openExternalUrl(checkoutUrl);
    } catch (failure) {
      setBusy(false);
      setError(
        isApiError(failure)
          ? (failure.fieldErrors?.[name] ?? failure.message)
          : 'The payment page could not be opened. Try again.',
      );
    }
  };

  return (
    <StyledForm noValidate onSubmit={(event) => void submit(event)} aria-label={label}>
      <TextField
        name={name}
        label={label}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setError(undefined);
        }}
        leadingAdornment={prefix}
        hint={hint}
        error={error}
      />
      <StyledSubmit>
        <Button type="submit" loading={busy} loadingText="Opening the payment page…">
          {submitLabel(shownAmount)}
        </Button>
      </StyledSubmit>
    </StyledForm>
  );
}
