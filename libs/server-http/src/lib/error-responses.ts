import { ApiErrorBodySchema } from '@mason/contract';

/** Response schemas (for validation and OpenAPI) of the error statuses a route can answer. */
export function errorResponses<const Code extends number>(
  ...codes: Code[]
): Record<Code, typeof ApiErrorBodySchema> {
  return Object.fromEntries(codes.map((code) => [code, ApiErrorBodySchema])) as Record<
    Code,
    typeof ApiErrorBodySchema
  >;
}
