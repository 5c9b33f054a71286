// A transaction's settings (a caller's role and claims, a statement timeout) as one statement.

/**
 * `select set_config($1, $2, true), …`: a transaction's settings in one statement, every name
 * and value a bound parameter.
 */
export function settingsStatement(settings: readonly (readonly [string, string])[]): {
  text: string;
  params: string[];
} {
  const calls = settings.map(
    (_, index) => `set_config($${index * 2 + 1}, $${index * 2 + 2}, true)`,
  );
  return { text: `select ${calls.join(', ')}`, params: settings.flat() };
}
