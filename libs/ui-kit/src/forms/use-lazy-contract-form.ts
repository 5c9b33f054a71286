import { useCallback, useRef } from 'react';
import type { $ZodType, output } from 'zod/v4/core';
import type { FormCheck } from './use-form-state';
import { useFormState, type ContractForm } from './use-form-state';

type Check<Schema extends $ZodType> = (body: Record<string, string>) => FormCheck<output<Schema>>;

/**
 * useContractForm for a first page (login, sign-up): the same contract schema checks the body,
 * but the schema and zod are loaded only when the person first types (or submits), so the page
 * itself loads no zod. `loadSchema` is a dynamic import of a module that names the schema.
 */
export function useLazyContractForm<Schema extends $ZodType, Values extends Record<string, string>>(
  loadSchema: () => Promise<Schema>,
  initialValues: Values,
  /** Fields that are left out of the body when empty (optional fields such as a referral code). */
  omitWhenEmpty: readonly (keyof Values & string)[] = [],
): ContractForm<Values, output<Schema>> {
  const loading = useRef<Promise<Check<Schema>> | null>(null);
  const load = useCallback(() => {
    loading.current ??= Promise.all([loadSchema(), import('./check-with-schema')]).then(
      ([schema, { checkWithSchema }]) =>
        (body: Record<string, string>) =>
          checkWithSchema(schema, body),
      (error: unknown) => {
        loading.current = null; // a failed load is tried again on the next submit
        throw error;
      },
    );
    return loading.current;
  }, [loadSchema]);
  return useFormState({
    initialValues,
    omitWhenEmpty,
    check: (body) => load().then((check) => check(body)),
    onChange: () => void load().catch(() => undefined),
  });
}
