import * as z from 'zod/mini';
import { FilePathSchema, IdSchema, TimestampSchema } from '../primitives';

/** GET /projects/:id/files?filePath=: one file, every file under a folder, or (no filePath) all. */
export const ProjectFilesQuerySchema = z.object({ filePath: z.optional(FilePathSchema) });
export type ProjectFilesQuery = z.infer<typeof ProjectFilesQuerySchema>;

export const ProjectFileSchema = z.object({
  path: FilePathSchema,
  /** utf8 text, or base64 for binary files. */
  content: z.string(),
  encoding: z.enum(['utf8', 'base64']),
  size: z.number().check(z.int(), z.gte(0)),
});
export type ProjectFile = z.infer<typeof ProjectFileSchema>;

/** The files of the project's newest version (versionId null: no version yet, no files). */
export const ProjectFilesResponseSchema = z.object({
  versionId: z.nullable(IdSchema),
  files: z.array(ProjectFileSchema),
});
export type ProjectFilesResponse = z.infer<typeof ProjectFilesResponseSchema>;

/** GET /projects/:id/filepaths: every path of the newest version, sorted. */
export const ProjectFilePathsResponseSchema = z.object({
  versionId: z.nullable(IdSchema),
  /** That version's index in the project (the files page reads "Version N"); null with no version. */
  versionIndex: z.optional(z.nullable(z.number().check(z.int(), z.gte(0)))),
  filePaths: z.array(FilePathSchema),
});
export type ProjectFilePathsResponse = z.infer<typeof ProjectFilePathsResponseSchema>;

/** GET /projects/:id/code?versionId=: the version to take away (default: the newest). */
export const ProjectCodeQuerySchema = z.object({ versionId: z.optional(IdSchema) });
export type ProjectCodeQuery = z.infer<typeof ProjectCodeQuerySchema>;

/**
 * GET /projects/:id/code: a short-lived link to a zip of a version's source, as a complete Vite +
 * React + TypeScript project. fileCount and sizeBytes count the project's own files; the zip adds
 * the few a Vite project needs when the project lacks them (package.json, vite.config.ts, ...).
 */
export const ProjectCodeResponseSchema = z.object({
  versionId: z.nullable(IdSchema),
  downloadUrl: z.string().check(z.minLength(1)),
  fileCount: z.number().check(z.int(), z.gte(0)),
  sizeBytes: z.number().check(z.int(), z.gte(0)),
  expiresAt: TimestampSchema,
});
export type ProjectCodeResponse = z.infer<typeof ProjectCodeResponseSchema>;

/** GET /projects/:id/code/download: the query of the link GET /projects/:id/code gives. */
export const ProjectCodeDownloadQuerySchema = z.object({
  version: IdSchema,
  token: z.string().check(z.maxLength(300)),
});
export type ProjectCodeDownloadQuery = z.infer<typeof ProjectCodeDownloadQuerySchema>;
