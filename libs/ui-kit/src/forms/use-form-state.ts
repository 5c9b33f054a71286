import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';

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

/** What validating a form's body found: the parsed body, or the first error of each field. */
export type FormCheck<Parsed> =
  | { readonly ok: true; readonly data: Parsed }
  | { readonly ok: false; readonly errors: Record<string, string> };

export interface FormStateOptions<Values extends Record<string, string>, Parsed> {
  initialValues: Values;
  /** Fields that are left out of the body when empty (optional fields such as a referral code). */
  omitWhenEmpty: readonly (keyof Values & string)[];
  /** Checks the body on submit, at once or once its schema has loaded. */
  check: (body: Record<string, string>) => FormCheck<Parsed> | Promise<FormCheck<Parsed>>;
  /** Called on each change of a field (a lazy schema starts loading on the first). */
  onChange?: () => void;
}

/** The values, errors and handlers of a contract form; how its body is checked is given. */
export function useFormState<Values extends Record<string, string>, Parsed>({
  initialValues,
  omitWhenEmpty,
  check,
  onChange,
}: FormStateOptions<Values, Parsed>): ContractForm<Values, Parsed> {
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
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      onChange?.();
      setValue(name, event.target.value);
    },
  });

  const showServerErrors = useCallback((fieldErrors: Record<string, string> | undefined) => {
    if (fieldErrors) setErrors((current) => ({ ...current, ...fieldErrors }));
  }, []);

  const apply = (result: FormCheck<Parsed>, onValid: (body: Parsed) => void | Promise<void>) => {
    if (!result.ok) {
      setErrors(result.errors as FieldErrors<Values>);
      return;
    }
    setErrors({});
    void onValid(result.data);
  };

  const handleSubmit = (onValid: (body: Parsed) => void | Promise<void>) => (event?: FormEvent) => {
    event?.preventDefault();
    const body = Object.fromEntries(
      Object.entries(values).filter(
        ([name, value]) => value !== '' || !omitWhenEmpty.includes(name as keyof Values & string),
      ),
    );
    const result = check(body);
    // A schema that could not load sends nothing; the next submit loads it again.
    if (result instanceof Promise)
      void result.then((checked) => apply(checked, onValid)).catch(() => undefined);
    else apply(result, onValid);
  };

  return { values, errors, field, setValue, showServerErrors, handleSubmit };
}
