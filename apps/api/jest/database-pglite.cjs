// Runs in each test file's sandbox (its own copy of process.env): this file's databases are
// PGlite ones (@mason/server-db/testing reads TEST_DATABASE_URL when a test opens a database).
process.env.TEST_DATABASE_URL = '';
