/** What the tools tell the turn: failed checks (self-repair bound) and a request for secrets. */
export interface AgentToolState {
  /** check_project and apply_migrations results that reported errors, in this turn. */
  failedChecks: number;
  /**
   * The first error of the last failed check, e.g. "src/App.tsx:3:7 Cannot find name 'x'.", or
   * of the last failed migration, "db/migrations/003_tags.sql:4: syntax error at or near …".
   */
  lastCheckError: string | null;
  /** What lastCheckError is from: the build (check_project) or the database's migrations. */
  lastCheckKind: 'build' | 'migration';
  /** Set by request_env_variable: the turn ends and asks the person for these values. */
  envRequest: { keys: { key: string; description: string }[]; reason: string } | null;
  /** Files changed since the last check_project: the turn checks them itself before it ends. */
  uncheckedWrites: boolean;
  /**
   * Migration files (db/migrations/*.sql) changed since the last apply_migrations: the turn
   * applies them itself before it ends (when it has the project's database).
   */
  unappliedMigrations: boolean;
}

export function createAgentToolState(): AgentToolState {
  return {
    failedChecks: 0,
    lastCheckError: null,
    lastCheckKind: 'build',
    envRequest: null,
    uncheckedWrites: false,
    unappliedMigrations: false,
  };
}
