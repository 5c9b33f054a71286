import * as z from 'zod/mini';
import type { CallSpec, IdKind } from './call-spec';

/**
 * The kinds of ids that are uuids and name one thing a call looks up (a log id is a number in its
 * task, a blob a sha256, an env key a name; attached files are refused by the call that takes
 * them, 400, as any file it does not know).
 */
export type UuidIdKind = Exclude<IdKind, 'log' | 'blob' | 'envKey' | 'staticFile'>;

/** A uuid as Mason's tables make them. */
export const UuidSchema = z
  .string()
  .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));

/**
 * What a call answers (404) for an id of each uuid kind that names nothing of the caller's,
 * unless its entry says otherwise (`notFound`): the same words for another person's id and for
 * a string that is no uuid at all.
 */
export const ID_NOT_FOUND_MESSAGES: Readonly<Record<UuidIdKind, string>> = {
  project: 'This project does not exist, or it is not yours.',
  task: 'This task does not exist, or it is not yours.',
  version: 'That version does not exist in this project.',
  deployment: 'That deployment does not exist in this project.',
  asset: 'This asset does not exist: it may have been deleted already.',
  checkout: 'That checkout does not exist.',
  mcpServer: 'This MCP server does not exist, or it is not yours.',
};

const isUuidKind = (kind: IdKind): kind is UuidIdKind => kind in ID_NOT_FOUND_MESSAGES;

/** One id field a server checks before any query: where it is, and what a malformed one gets. */
export interface CheckedIdField {
  /** `params.id`, `query.projectId`, `body.versionId`, `body.staticFiles[]`. */
  readonly field: string;
  readonly kind: UuidIdKind;
  /** The 404's message. */
  readonly notFound: string;
}

/**
 * The uuid id fields of a call (its `ids`) that are checked against UuidSchema before any query,
 * with the 404 a malformed one gets: the kind's message, or the entry's own (`notFound`). A field
 * the entry maps to null is answered by the call itself (as it answers any id that names nothing).
 */
export function checkedIdFields(call: CallSpec): CheckedIdField[] {
  return Object.entries(call.ids ?? {}).flatMap(([field, kind]) => {
    if (!isUuidKind(kind)) return [];
    const own = call.notFound?.[field];
    if (own === null) return [];
    return [{ field, kind, notFound: own ?? ID_NOT_FOUND_MESSAGES[kind] }];
  });
}

/** Whether `value` is a uuid (UuidSchema). */
export const isUuidId = (value: unknown): boolean =>
  typeof value === 'string' && z.safeParse(UuidSchema, value).success;
