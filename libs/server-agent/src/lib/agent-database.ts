/**
 * The project's built-in database as the assistant's tools need it (issue 34, "The assistant
 * builds on it"): a narrow port the composition (apps/api, over server-app-data) implements.
 * Everything here is about the development database, the one the preview uses.
 */
export interface AgentDatabase {
  /** Whether the project's database is on. */
  enabled(): Promise<boolean>;
  /** Turns the built-in database on (idempotent); the app's builds then get VITE_SUPABASE_URL/ANON_KEY. */
  enable(): Promise<void>;
  /**
   * The development database's schema: the app's tables (not Mason's own schemas, nor `auth`)
   * with columns, keys, whether row-level security is on, and each policy.
   */
  schema(): Promise<AgentDatabaseSchema>;
  /**
   * The names of the migrations applied to the development database ('001_notes.sql'), in the
   * order they were applied. The tools refuse to change these files and number new ones after
   * them.
   */
  appliedMigrations(): Promise<readonly string[]>;
  /**
   * Applies, in one transaction, the migrations not yet applied (by file name order) to the
   * development database; nothing is applied when one fails. `migrations` are every migration
   * file of the project, named as in db/migrations ('003_tags.sql'). A migration already
   * applied whose SQL changed is a failure too.
   */
  migrate(migrations: readonly AgentMigration[]): Promise<AgentMigrationResult>;
}

/** A migration file: `name` is its file name in db/migrations ('003_tags.sql'). */
export interface AgentMigration {
  readonly name: string;
  readonly sql: string;
  /** Its undo (db/migrations/003_tags.down.sql): what reverting an attached database runs. */
  readonly down?: string;
}

export type AgentMigrationResult =
  /** `applied`: the names applied now, in order (empty when every one was applied before). */
  | { readonly ok: true; readonly applied: readonly string[] }
  | {
      readonly ok: false;
      /** The failing migration's name ('003_tags.sql'; 'db/migrations/003_tags.sql' is read too). */
      readonly file: string;
      /** The failing statement's line in that file (1-based), or null when unknown. */
      readonly line: number | null;
      /** PostgreSQL's message, without the file and line: 'syntax error at or near "tabel"'. */
      readonly message: string;
    };

export interface AgentDatabaseSchema {
  readonly tables: readonly AgentDatabaseTable[];
}

export interface AgentDatabaseTable {
  /** 'public' for the app's tables. */
  readonly schema: string;
  readonly name: string;
  readonly columns: readonly AgentDatabaseColumn[];
  /** The primary key's columns, in order; empty when the table has none. */
  readonly primaryKey: readonly string[];
  readonly foreignKeys: readonly AgentDatabaseForeignKey[];
  /** Whether row-level security is on: without it (and a policy) the data API refuses the table. */
  readonly rowLevelSecurity: boolean;
  readonly policies: readonly AgentDatabasePolicy[];
}

export interface AgentDatabaseColumn {
  readonly name: string;
  /** As PostgreSQL names it: 'uuid', 'text', 'timestamp with time zone', 'integer[]'. */
  readonly type: string;
  readonly nullable: boolean;
  /** The default's SQL ('gen_random_uuid()', 'auth.uid()', 'now()'), or null. */
  readonly default: string | null;
}

export interface AgentDatabaseForeignKey {
  readonly columns: readonly string[];
  readonly references: {
    readonly schema: string;
    readonly table: string;
    readonly columns: readonly string[];
  };
}

export interface AgentDatabasePolicy {
  readonly name: string;
  /** pg_policies.cmd. */
  readonly command: 'ALL' | 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE';
  /** pg_policies.roles: ['authenticated'], ['anon', 'authenticated'], ['public']. */
  readonly roles: readonly string[];
  /** The USING expression's SQL, or null. */
  readonly using: string | null;
  /** The WITH CHECK expression's SQL, or null. */
  readonly withCheck: string | null;
}

function qualified(schema: string, name: string): string {
  return schema === 'public' ? name : `${schema}.${name}`;
}

function columnLine(table: AgentDatabaseTable, column: AgentDatabaseColumn): string {
  const parts = [column.name, column.type];
  const singleKey = table.primaryKey.length === 1 && table.primaryKey[0] === column.name;
  if (singleKey) parts.push('primary key');
  else if (!column.nullable) parts.push('not null');
  if (column.default !== null) parts.push(`default ${column.default}`);
  for (const key of table.foreignKeys) {
    if (key.columns.length === 1 && key.columns[0] === column.name) {
      const target = qualified(key.references.schema, key.references.table);
      parts.push(`references ${target}(${key.references.columns.join(', ')})`);
    }
  }
  return `  ${parts.join(' ')}`;
}

function policyLine(policy: AgentDatabasePolicy): string {
  let line = `  policy "${policy.name}" for ${policy.command.toLowerCase()} to ${policy.roles.join(', ')}`;
  if (policy.using !== null) line += ` using (${policy.using})`;
  if (policy.withCheck !== null) line += ` with check (${policy.withCheck})`;
  return line;
}

function tableText(table: AgentDatabaseTable): string {
  const name = qualified(table.schema, table.name);
  let heading = `table ${name}`;
  if (!table.rowLevelSecurity) {
    heading +=
      ' (row-level security OFF: the app’s requests to it are refused with 403 until a migration enables it and adds policies)';
  } else if (table.policies.length === 0) {
    heading += ' (row-level security on, but no policy: every request of the app to it is refused)';
  } else {
    heading += ' (row-level security on)';
  }
  const lines = [heading, ...table.columns.map((column) => columnLine(table, column))];
  if (table.primaryKey.length > 1) lines.push(`  primary key (${table.primaryKey.join(', ')})`);
  for (const key of table.foreignKeys) {
    if (key.columns.length === 1) continue;
    const target = qualified(key.references.schema, key.references.table);
    lines.push(
      `  foreign key (${key.columns.join(', ')}) references ${target}(${key.references.columns.join(', ')})`,
    );
  }
  lines.push(...table.policies.map(policyLine));
  return lines.join('\n');
}

/** What read_database_schema tells the model: each table compactly, in SQL's words. */
export function formatDatabaseSchema(
  schema: AgentDatabaseSchema,
  applied: readonly string[],
): string {
  const migrations =
    applied.length === 0
      ? 'No migration is applied yet.'
      : `Applied migrations: ${applied.join(', ')}.`;
  if (schema.tables.length === 0) {
    return `The development database has no tables yet. ${migrations}`;
  }
  const tables = [...schema.tables].sort((a, b) =>
    qualified(a.schema, a.name).localeCompare(qualified(b.schema, b.name)),
  );
  const count = `${tables.length} ${tables.length === 1 ? 'table' : 'tables'}`;
  return `The development database has ${count}. ${migrations}\n\n${tables.map(tableText).join('\n\n')}`;
}
