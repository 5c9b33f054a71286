import type { $ZodType, output } from 'zod/v4/core';
import { checkWithSchema } from './check-with-schema';
import { useFormState, type ContractForm } from './use-form-state';

export type { ContractForm, FieldErrors } from './use-form-state';

/**
 * A form validated on the client by the same zod schema the server validates with, so the
 * person sees what is wrong before anything is sent. Any zod 4 schema works (the contract's are
 * zod/mini): the form only needs zod's core `safeParse`. A first page's form uses
 * useLazyContractForm instead, which loads zod only once the person types.
 */
export function useContractForm<Schema extends $ZodType, Values extends Record<string, string>>(
  schema: Schema,
  initialValues: Values,
  /** Fields that are left out of the body when empty (optional fields such as a referral code). */
  omitWhenEmpty: readonly (keyof Values & string)[] = [],
): ContractForm<Values, output<Schema>> {
  return useFormState({
    initialValues,
    omitWhenEmpty,
    check: (body) => checkWithSchema(schema, body),
  });
}
