// drizzle-kit configuration: `npm run db:generate` (from the workspace root) compares
// src/tables/*.ts with the committed migrations and writes the next SQL migration.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './libs/server-db/src/tables/*.ts',
  out: './libs/server-db/migrations',
});
