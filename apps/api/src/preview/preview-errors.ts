export { recentPreviewErrors } from '@mason/server-preview';
