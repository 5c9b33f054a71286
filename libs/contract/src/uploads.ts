/** Multipart field names and limits of the two uploads (no zod here: clients import these at runtime). */
export const ASSET_UPLOAD_FIELD = 'file';
export const STATIC_FILES_UPLOAD_FIELD = 'files';
export const ASSET_MAX_BYTES = 10 * 1024 * 1024;
export const STATIC_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const STATIC_FILES_MAX_COUNT = 10;
