import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';
import { safeParse, type $ZodType, type output } from 'zod/v4/core';

export type FieldErrors<Values> = Partial<Record<keyof Values & string, string>>;

export interface ContractForm<Values extends Record<string, string>, Parsed> {
  values: Values;
  errors: FieldErrors<Values>;
  /** `{...form.field('email')}` wires a text field: name, value, onChange, error. */
  field: (name: keyof Values & string) => {
    name: string;
    value: string;
    error: string | undefined;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  };
  setValue: (name: keyof Values & string, value: string) => void;
  /** Shows errors that came back from the server (ApiError.fieldErrors), next to their fields. */
  showServerErrors: (fieldErrors: Record<string, string> | undefined) => void;
  /** Validates with the contract schema; calls `onValid` with the parsed body only when it is valid. */
  handleSubmit: (onValid: (body: Parsed) => void | Promise<void>) => (event?: FormEvent) => void;
}

/**
 * A form validated on the client by the same zod schema the server validates with, so the
 * person sees what is wrong before anything is sent. Any zod 4 schema works (the contract's are
 * zod/mini): the form only needs zod's core `safeParse`.
 */
export function useContractForm<Schema extends $ZodType, Values extends Record<string, string>>(
  schema: Schema,
  initialValues: Values,
  /** Fields that are left out of the body when empty (optional fields such as a referral code). */
  omitWhenEmpty: readonly (keyof Values & string)[] = [],
): ContractForm<Values, output<Schema>> {
  const [values, setValues] = useState<Values>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});

  const setValue = useCallback((name: keyof Values & string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  }, []);

  const field = (name: keyof Values & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.value),
  });

  const showServerErrors = useCallback((fieldErrors: Record<string, string> | undefined) => {
    if (fieldErrors) setErrors((current) => ({ ...current, ...fieldErrors }));
  }, []);

  const handleSubmit =
    (onValid: (body: output<Schema>) => void | Promise<void>) => (event?: FormEvent) => {
      event?.preventDefault();
      const body = Object.fromEntries(
        Object.entries(values).filter(
          ([name, value]) => value !== '' || !omitWhenEmpty.includes(name as keyof Values & string),
        ),
      );
      const result = safeParse(schema, body);
      if (!result.success) {
        const next: FieldErrors<Values> = {};
        for (const issue of result.error.issues) {
          const key = String(issue.path[0] ?? '') as keyof Values & string;
          if (key && !next[key]) next[key] = issue.message;
        }
        setErrors(next);
        return;
      }
      setErrors({});
      void onValid(result.data);
    };

  return { values, errors, field, setValue, showServerErrors, handleSubmit };
}
