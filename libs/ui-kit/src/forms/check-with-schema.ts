import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import type { FormCheck } from './use-form-state';

/** A form's body checked by a contract schema: the parsed body, or each field's first issue. */
export function checkWithSchema<Schema extends $ZodType>(
  schema: Schema,
  body: Record<string, string>,
): FormCheck<output<Schema>> {
  const result = safeParse(schema, body);
  if (result.success) return { ok: true, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return { ok: false, errors };
}
