import fs from 'node:fs';
import path from 'node:path';

/**
 * Finds the committed SQL migrations: beside the bundled server (dist/apps/api/migrations, where
 * its build copies them), beside this file's folder when running from source
 * (libs/server-db/migrations), or from the workspace root. Pass `migrationsFolder` to
 * createDatabase to choose another place.
 */
export function findMigrationsFolder(): string {
  const here = typeof __dirname === 'string' ? __dirname : undefined;
  const candidates = [
    here && path.join(here, 'migrations'),
    here && path.join(here, '..', 'migrations'),
    path.join(process.cwd(), 'libs', 'server-db', 'migrations'),
    path.join(process.cwd(), 'node_modules', '@mason', 'server-db', 'migrations'),
  ].filter((candidate): candidate is string => Boolean(candidate));
  const found = candidates.find((candidate) =>
    fs.existsSync(path.join(candidate, 'meta', '_journal.json')),
  );
  if (!found) {
    throw new Error(`Cannot find Mason's SQL migrations; looked in: ${candidates.join(', ')}.`);
  }
  return found;
}
