// Publishing: deployments, app slugs, custom domains and assets.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, jobColumns } from './columns';
import { ownerProjectId, versions, blobs } from './projects';

export const DEPLOYMENT_STATUSES = [
  'QUEUED',
  'BUILDING',
  'LIVE',
  'FAILED',
  'SUPERSEDED',
  'OFFLINE',
] as const;
export type DeploymentStatusValue = (typeof DEPLOYMENT_STATUSES)[number];

/** path -> blob hash: the files of one production build (hashed names, index.html, public/). */
export type BuildManifest = Record<string, string>;

/**
 * A publish of one version: the durable job (QUEUED -> BUILDING -> LIVE or FAILED, claimed by a
 * worker like a turn) and, once built, the files it serves. At most one deployment of a project
 * is LIVE; a rollback makes an earlier one LIVE again without building anything.
 */
export const deployments = pgTable(
  'deployments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: ownerProjectId(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => versions.id, { onDelete: 'cascade' }),
    status: text('status').$type<DeploymentStatusValue>().notNull(),
    /** The built files; null until the build succeeds. */
    manifest: jsonb('manifest').$type<BuildManifest>(),
    /** What the build printed, line by line (warnings and errors with file and line). */
    buildLog: jsonb('build_log').$type<string[]>().notNull().default([]),
    /** Why it FAILED, in words a person can act on. */
    error: text('error'),
    ...jobColumns(),
    /** When it last became LIVE (a rollback sets it again). */
    liveAt: timestamp('live_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('deployments_project_id_idx').on(table.projectId, table.createdAt),
    index('deployments_status_idx').on(table.status),
    uniqueIndex('deployments_one_live_per_project')
      .on(table.projectId)
      .where(sql`${table.status} = 'LIVE'`),
    check(
      'deployments_status',
      sql`${table.status} in ('QUEUED', 'BUILDING', 'LIVE', 'FAILED', 'SUPERSEDED', 'OFFLINE')`,
    ),
  ],
);
export type DeploymentRow = typeof deployments.$inferSelect;

/**
 * The public names of published apps (`{slug}.{APPS_DOMAIN}`). A project has one current slug
 * (retiredAt null); a changed slug keeps its row with retiredAt set, redirects to the current
 * one for 30 days, and is given to nobody else meanwhile.
 */
export const appSlugs = pgTable(
  'app_slugs',
  {
    slug: text('slug').primaryKey(),
    projectId: ownerProjectId(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('app_slugs_one_current_per_project')
      .on(table.projectId)
      .where(sql`${table.retiredAt} is null`),
  ],
);
export type AppSlugRow = typeof appSlugs.$inferSelect;

export const DOMAIN_STATUSES = ['PENDING', 'ACTIVE', 'FAILED'] as const;
export type DomainStatusValue = (typeof DOMAIN_STATUSES)[number];

/** The outcome of one DNS check of a domain, per record the person was asked to create. */
export interface DomainCheck {
  type: 'A' | 'AAAA' | 'CNAME' | 'TXT';
  name: string;
  ok: boolean;
  /** What DNS answered, or why the lookup failed. */
  detail: string;
}

/** A custom domain: one project's, verified by a TXT token and a record pointing at Mason. */
export const domains = pgTable(
  'domains',
  {
    /** Lower-case, without a trailing dot; one domain belongs to one project. */
    domain: text('domain').primaryKey(),
    projectId: ownerProjectId(),
    /** The value of the TXT record `_mason-challenge.{domain}`. */
    token: text('token').notNull(),
    status: text('status').$type<DomainStatusValue>().notNull(),
    checks: jsonb('checks').$type<DomainCheck[]>().notNull().default([]),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('domains_project_id_idx').on(table.projectId),
    check('domains_lower_case', sql`${table.domain} = lower(${table.domain})`),
    check('domains_status', sql`${table.status} in ('PENDING', 'ACTIVE', 'FAILED')`),
  ],
);
export type DomainRow = typeof domains.$inferSelect;

/**
 * Files uploaded into the app's `public/` folder (images, fonts): each upload and delete is also
 * a version. The content is a blob, so the same file uploaded twice is stored once.
 */
export const assets = pgTable(
  'assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: ownerProjectId(),
    /** `public/logo.png`: where the file is in the project; the app loads it from `/logo.png`. */
    path: text('path').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    blobHash: text('blob_hash')
      .notNull()
      .references(() => blobs.hash),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('assets_project_path_unique').on(table.projectId, table.path)],
);
export type AssetRow = typeof assets.$inferSelect;
