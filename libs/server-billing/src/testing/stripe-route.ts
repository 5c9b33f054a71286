import { textOf, type Form } from './stripe-form';
import type { Json } from './stripe-objects';
import { invalidParam, missingParam, type StandInState } from './stripe-state';

/** What a handler of one API call gets. */
export interface RouteContext {
  readonly state: StandInState;
  /** The form body (POST) or the query (GET). */
  readonly params: Form;
  /** The id in the path, when the path has one. */
  readonly id: string;
  readonly apiBase: string;
  /** Queues a webhook event (delivered in order, after the answer). */
  emit(type: string, object: Json, previousAttributes?: Json): void;
}

export interface Route {
  readonly method: 'GET' | 'POST';
  /** The path; its one capture group is the id. */
  readonly path: RegExp;
  handle(context: RouteContext): Json;
}

/** A text param that must be there. */
export function required(params: Form, name: string): string {
  const value = textOf(params[name]);
  if (value === undefined || value === '') throw missingParam(name);
  return value;
}

/** A whole number param (amounts, quantities). */
export function wholeNumber(value: string | undefined, param: string): number {
  if (value === undefined || !/^\d+$/.test(value)) {
    throw invalidParam(param, `Invalid integer: ${value ?? ''}`);
  }
  return Number(value);
}

/** A boolean param, as the SDK sends it ("true" / "false"). */
export function booleanOf(value: string | undefined, param: string): boolean {
  if (value !== 'true' && value !== 'false')
    throw invalidParam(param, `Invalid boolean: ${value ?? ''}`);
  return value === 'true';
}
