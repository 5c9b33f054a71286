import { HttpError } from './http-error';

/** How a request broke a rule of a domain. */
export type ViolationKind =
  | 'invalid'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'unsupported-type'
  | 'unprocessable'
  | 'limit-reached';

const STATUS: Readonly<Record<ViolationKind, number>> = {
  invalid: 400,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'unsupported-type': 415,
  unprocessable: 422,
  'limit-reached': 429,
};

/**
 * What domain code (services, repositories) throws when a request breaks one of its rules: the
 * kind of breach and words for the person, never an HTTP status. The error handler answers it
 * (invalid 400, not-found 404, conflict 409, too-large 413, unsupported-type 415: a kind of
 * content the rule does not take, unprocessable 422: understood, but cannot be done safely,
 * limit-reached 429: see LimitReached), so domain libraries do not speak HTTP; a transaction
 * that throws it is rolled back.
 */
export class RuleViolation extends Error {
  override name = 'RuleViolation';

  constructor(
    readonly kind: ViolationKind,
    message: string,
    /** Which fields of the request broke it, for a form to show beside each. */
    readonly fieldErrors?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }

  /** The answer the error handler sends. */
  toHttpError(): HttpError {
    return new HttpError(
      STATUS[this.kind],
      this.message,
      this.fieldErrors ? { fieldErrors: { ...this.fieldErrors } } : {},
    );
  }
}

/**
 * A rule that allows something only so often (a project's name changes a day): answered 429 with
 * Retry-After, so a client knows when it may try again.
 */
export class LimitReached extends RuleViolation {
  override name = 'LimitReached';

  constructor(
    message: string,
    /** Seconds until it is allowed again. */
    readonly retryAfterSeconds: number,
    fieldErrors?: Readonly<Record<string, string>>,
  ) {
    super('limit-reached', message, fieldErrors);
  }

  override toHttpError(): HttpError {
    return new HttpError(429, this.message, {
      retryAfterSeconds: this.retryAfterSeconds,
      ...(this.fieldErrors ? { fieldErrors: { ...this.fieldErrors } } : {}),
    });
  }
}
