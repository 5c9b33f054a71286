export { previewUrl } from '@mason/server-preview';
