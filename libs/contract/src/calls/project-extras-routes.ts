import { ApiRoutes } from '../routes';
import type { CallRoute } from './call-spec';

/**
 * What a client needs to send each call: method, path, time-out. The project extras calls' entries in
 * the table spread these. This module imports no schema: a browser's endpoints name their calls
 * by these without loading zod.
 */
export const projectExtraCallRoutes = {
  updateProjectTheme: { method: 'POST', path: ApiRoutes.projectTheme },
  getTransferDestinations: { method: 'GET', path: ApiRoutes.projectTransferDestinations },
  transferProject: { method: 'POST', path: ApiRoutes.projectTransfer },
  getProjectDomains: { method: 'GET', path: ApiRoutes.projectDomains },
  addProjectDomain: { method: 'POST', path: ApiRoutes.projectDomains },
  removeProjectDomain: { method: 'DELETE', path: ApiRoutes.projectDomains },
  verifyProjectDomain: { method: 'POST', path: ApiRoutes.projectDomainVerify },
  checkDomainTls: { method: 'GET', path: ApiRoutes.domainTlsCheck },
  attachDatabase: {
    method: 'POST',
    path: ApiRoutes.projectDatabaseAttach,
    timeout: 'databaseAttach',
  },
  detachDatabase: { method: 'DELETE', path: ApiRoutes.projectDatabaseAttachment },
  getProjectDatabase: { method: 'GET', path: ApiRoutes.projectDatabase },
  enableProjectDatabase: { method: 'POST', path: ApiRoutes.projectDatabase },
  getDatabaseTables: { method: 'GET', path: ApiRoutes.projectDatabaseTables },
  getDatabaseRows: { method: 'GET', path: ApiRoutes.projectDatabaseRows },
  updateDatabaseRow: { method: 'PATCH', path: ApiRoutes.projectDatabaseRows },
  getDatabaseUsers: { method: 'GET', path: ApiRoutes.projectDatabaseUsers },
  getDatabaseMigrations: { method: 'GET', path: ApiRoutes.projectDatabaseMigrations },
  runDatabaseSql: { method: 'POST', path: ApiRoutes.projectDatabaseSql },
  getProductionBackups: { method: 'GET', path: ApiRoutes.projectDatabaseBackups },
  restoreProductionBackup: { method: 'POST', path: ApiRoutes.projectDatabaseBackupRestore },
  forkProject: { method: 'POST', path: ApiRoutes.projectFork, timeout: 'fork' },
  getProjectAssets: { method: 'GET', path: ApiRoutes.projectAssets },
  uploadProjectAsset: { method: 'POST', path: ApiRoutes.projectAssets, timeout: 'upload' },
  deleteProjectAsset: { method: 'DELETE', path: ApiRoutes.projectAsset },
  getProjectAssetFile: { method: 'GET', path: ApiRoutes.projectAssetFile },
  putProjectThumbnail: { method: 'PUT', path: ApiRoutes.projectThumbnail },
  getProjectThumbnail: { method: 'GET', path: ApiRoutes.projectThumbnail },
} as const satisfies Record<string, CallRoute>;
