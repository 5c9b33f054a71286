// The ports of the engine: how it reaches the database and the plain request/response values
// its HTTP adapter (whoever mounts /rest/v1) hands it and gets back.

/** One connection inside a transaction. `pgSqlClient` and `pgliteSqlClient` adapt pg and PGlite. */
export interface SqlClient {
  query<Row = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
  ): Promise<{ rows: Row[]; affectedRows?: number }>;
}

/**
 * Runs `work` in one transaction as the caller (role and `request.jwt.claims` already set by
 * whoever made it); commits when it resolves, rolls back when it throws.
 */
export type RunAsCaller = <T>(work: (sql: SqlClient) => Promise<T>) => Promise<T>;

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
