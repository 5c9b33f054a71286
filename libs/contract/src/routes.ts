/** Mason's API is served under this prefix, on the same origin as the web app by default. */
export const API_PREFIX = '/api';

/** SPEC.md 7's "{auth base}". */
export const AUTH_BASE = '/auth';

/**
 * Paths of the calls, relative to API_PREFIX. Client endpoints and server routes both use
 * these, so a path is written once. `:id`-style segments are Fastify's; the client fills them.
 */
export const ApiRoutes = {
  config: '/config',
  waitlist: '/waitlist',
  authorize: `${AUTH_BASE}/authorize`,
  authorizeGoogle: `${AUTH_BASE}/authorize/google`,
  logout: `${AUTH_BASE}/logout`,
  passwordReset: `${AUTH_BASE}/password-reset`,
  passwordResetConfirm: `${AUTH_BASE}/password-reset/confirm`,
  verifyEmail: `${AUTH_BASE}/verify-email`,
  resendVerification: `${AUTH_BASE}/verify-email/resend`,
  users: '/users',
  currentUser: '/users/current',
  activeSubscription: '/subscriptions/active',
  updateSubscription: '/subscriptions/update',
  cancelSubscription: '/subscriptions/cancel',
  reactivateSubscription: '/subscriptions/reactivate',
  // Code hosting (SPEC.md 7)
  github: '/github',
  githubDisconnect: '/github/disconnect',
  githubAuthorizeUrl: '/github/authorize-url',
  githubAccessCode: '/github/access-code',
  githubRepositories: '/github/repositories',
  githubWebhook: '/github/webhook',
  /** The person's Supabase account (ours, issue 34): GET the connection; connect through OAuth. */
  supabase: '/supabase',
  supabaseDisconnect: '/supabase/disconnect',
  supabaseAuthorizeUrl: '/supabase/authorize-url',
  supabaseAccessCode: '/supabase/access-code',
  supabaseProjects: '/supabase/projects',
  /** The person's MCP servers (ours, issue 35): their tools and each tool's policy. */
  mcpServers: '/mcp/servers',
  mcpServer: '/mcp/servers/:id',
  /** POST: list the server's tools again. */
  mcpServerRefresh: '/mcp/servers/:id/refresh',
  /** GET: where to authorize Mason at an OAuth server (again). */
  mcpServerAuthorizeUrl: '/mcp/servers/:id/authorize-url',
  mcpServerTool: '/mcp/servers/:id/tools/:tool',
  /** POST { state, code }: what /mcp/callback received. */
  mcpOauthCallback: '/mcp/oauth/callback',
  /** The person's OpenRouter account (ours, issue 35): their turns run on its key. */
  openRouter: '/open-router',
  openRouterDisconnect: '/open-router/disconnect',
  openRouterAuthorizeUrl: '/open-router/authorize-url',
  openRouterAccessCode: '/open-router/access-code',
  // Projects (SPEC.md 7); staticFiles is ours (SPEC.md leaves the upload path out)
  projects: '/projects',
  project: '/projects/:id',
  projectStatus: '/projects/:id/status',
  projectFiles: '/projects/:id/files',
  projectFilePaths: '/projects/:id/filepaths',
  projectCode: '/projects/:id/code',
  /** GET ?token=: the zip that GET /projects/:id/code links to (ours; the token expires). */
  projectCodeDownload: '/projects/:id/code/download',
  projectTheme: '/projects/:id/theme',
  projectVisualEdits: '/projects/:id/visual-edits',
  /** GET: where the newest version runs in the preview, with a signed access token (ours). */
  projectPreview: '/projects/:id/preview',
  /** GET: the project's repository and push state; PUT: link one; DELETE: unlink (ours). */
  projectCodeHosting: '/projects/:id/code-hosting',
  /** POST { name, private }: create a repository on the person's account and link it (ours). */
  projectCodeHostingRepository: '/projects/:id/code-hosting/repository',
  /** POST: push the versions not pushed yet, now (ours). */
  projectCodeHostingSync: '/projects/:id/code-hosting/sync',
  /** GET: the files Mason and GitHub both changed; POST: choose a side for each (ours). */
  projectCodeHostingConflict: '/projects/:id/code-hosting/conflict',
  projectDeployment: '/projects/:id/deployment',
  projectDeploymentRollback: '/projects/:id/deployment/rollback',
  projectDeploymentSlug: '/projects/:id/deployment/slug',
  projectTransfer: '/projects/:id/transfer',
  projectTransferDestinations: '/projects/:id/transfer/destinations',
  projectDomains: '/projects/:id/domains',
  /** POST { domain }: check a domain's DNS records now (ours). */
  projectDomainVerify: '/projects/:id/domains/verify',
  /** GET ?domain=: whether a reverse proxy may get a certificate for the name (ours; public). */
  domainTlsCheck: '/domains/tls-check',
  projectEnv: '/projects/:id/env',
  projectEnvVariable: '/projects/:id/env/:key',
  projectDatabaseAttach: '/projects/:id/supabase/attach',
  /** DELETE: detach an attached database service (ours): its data stays where it is. */
  projectDatabaseAttachment: '/projects/:id/database/attachment',
  /** GET: the project's database (off, built in, attached); POST: turn the built-in one on (ours). */
  projectDatabase: '/projects/:id/database',
  /** The Database view (ours): tables with row counts, a table's rows, app users, migrations, read-only SQL. */
  projectDatabaseTables: '/projects/:id/database/tables',
  projectDatabaseRows: '/projects/:id/database/tables/:table/rows',
  projectDatabaseUsers: '/projects/:id/database/users',
  projectDatabaseMigrations: '/projects/:id/database/migrations',
  projectDatabaseSql: '/projects/:id/database/sql',
  /** The published app's database backups (ours): GET the list; POST .../restore brings one back. */
  projectDatabaseBackups: '/projects/:id/database/backups',
  projectDatabaseBackupRestore: '/projects/:id/database/backups/:backupId/restore',
  /** GET: the person's MCP servers and which this project may use; PUT: set them (ours). */
  projectMcp: '/projects/:id/mcp',
  projectFork: '/projects/:id/fork',
  projectAssets: '/projects/:id/assets',
  /** PUT: store the card's picture of the app; GET: its bytes (ours). */
  projectThumbnail: '/projects/:id/thumbnail',
  projectAsset: '/projects/:id/assets/:assetId',
  /** GET ?hash=&token=: an asset's bytes, through the signed link of its previewUrl (ours). */
  projectAssetFile: '/projects/:id/assets/:assetId/file',
  projectStaticFiles: '/projects/:id/static-files',
  // Tasks (SPEC.md 7); GET /tasks/:id is ours (the /task/[id] screen needs one task)
  tasks: '/tasks',
  task: '/tasks/:id',
  taskPause: '/tasks/:id/pause',
  taskResume: '/tasks/:id/resume',
  taskVersions: '/tasks/:id/versions',
  /** GET: the log entries; POST: send a message (SPEC.md 3 message send payload). */
  taskLogs: '/tasks/:id/logs',
  taskRevert: '/tasks/:id/revert',
  taskAction: '/tasks/:id/action',
  taskRate: '/tasks/:id/rate',
  // Ours: the live stream of a task (server-sent events), archiving, the model list, blobs
  /** GET: server-sent events of one task (see TaskStreamEvent); resumable with Last-Event-ID. */
  taskEvents: '/tasks/:id/events',
  taskArchive: '/tasks/:id/archive',
  taskUnarchive: '/tasks/:id/unarchive',
  models: '/models',
  /** GET ?type=&task=&token=: an image attached to a message, through a signed link of the task's log. */
  blob: '/blobs/:hash',
  // Test and benchmark set-ups only (EXPOSE_OUTBOX, BENCH_ROUTES)
  devOutbox: '/dev/outbox',
  benchBare: '/bench/bare',
  benchFiles: '/bench/projects/:id/files',
  // Payments (SPEC.md 7)
  stripeCheckout: '/stripe/checkout',
  stripeCreditsCheckout: '/stripe/credits/checkout',
  stripeBalanceCheckout: '/stripe/balance/checkout',
  stripeTransactions: '/stripe/transactions',
  /** Stripe's webhook: authenticated by its signature, not a session. */
  stripeWebhook: '/stripe/webhook',
  // Billing (issue 12): the billing screen, the embedded checkout page, rewards
  billingSummary: '/billing/summary',
  billingCheckout: '/billing/checkout/:id',
  billingCheckoutConfirm: '/billing/checkout/:id/confirm',
  billingCheckoutCancel: '/billing/checkout/:id/cancel',
  rewards: '/rewards',
} as const;
