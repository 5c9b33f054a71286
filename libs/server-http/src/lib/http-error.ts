import { STATUS_CODES } from 'node:http';
import { ErrorMessages, type ApiErrorBody } from '@mason/contract';

type Extra = Pick<ApiErrorBody, 'fieldErrors' | 'limitResetDate' | 'retryAfterSeconds'>;

/** An error whose message is meant for the caller; the error handler sends it as ApiErrorBody. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Extra = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ApiErrorBody {
    return {
      statusCode: this.statusCode,
      error: STATUS_CODES[this.statusCode] ?? 'Error',
      message: this.message,
      ...this.extra,
    };
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string>) =>
  new HttpError(400, message, fieldErrors ? { fieldErrors } : {});
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { retryAfterSeconds });

/** 403 'Usage limit reached' of the catalogue, with the day the plan's tokens come back. */
export function usageLimitReached(resetsAt: Date): HttpError {
  return new HttpError(403, ErrorMessages.usageLimitReached, {
    limitResetDate: resetsAt.toISOString(),
  });
}
