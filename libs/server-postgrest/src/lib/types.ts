// The ports of the engine: how it reaches the database and the plain request/response values
// its HTTP adapter (whoever mounts /rest/v1) hands it and gets back.

export interface QueryOptions {
  /**
   * The statement's result columns have types no schema change can alter (the engine's own
   * `body json, total bigint`): a driver may keep it prepared on its connection and skip parsing
   * and planning it again. PostgreSQL plans it anew after a schema change or for another role.
   */
  readonly prepare?: boolean;
  /**
   * No statement follows in this transaction, and nothing it does is kept but what this one
   * does: a driver may send the transaction's end with it (one round trip fewer). Only for
   * read-only transactions, where committing and rolling back are the same.
   */
  readonly final?: boolean;
}

/** One connection inside a transaction. `pgSqlClient` and `pgliteSqlClient` adapt pg and PGlite. */
export interface SqlClient {
  query<Row = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<{ rows: Row[]; affectedRows?: number }>;
}

/**
 * Runs `work` in one transaction as the caller (role and `request.jwt.claims` already set by
 * whoever made it); commits when it resolves, rolls back when it throws.
 */
export type RunAsCaller = <T>(
  work: (sql: SqlClient) => Promise<T>,
  options?: RunOptions,
) => Promise<T>;

export interface RunOptions {
  /** The transaction only reads (`begin read only`): a write in it is PostgreSQL's 25006. */
  readonly readOnly?: boolean;
}

export interface PostgrestRequest {
  method: string;
  /** The path after /rest/v1, e.g. '/notes' or '/rpc/fn'. */
  path: string;
  query: URLSearchParams;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  /** The parsed JSON body, or undefined when there is none. */
  body: unknown;
}

export interface PostgrestResponse {
  status: number;
  headers: Record<string, string>;
  /** A JSON value, or undefined for no body. */
  body: unknown;
}

/** PostgREST's error body. */
export interface PostgrestErrorBody {
  code: string;
  details: string | null;
  hint: string | null;
  message: string;
}
