// Public API of @mason/server-thumbnails: name every export.
export { thumbnailsRoutes } from './lib/thumbnails.routes';
export type { ThumbnailsContext } from './lib/thumbnails.routes';
export { ThumbnailsService } from './lib/thumbnails.service';
export type { ThumbnailFile } from './lib/thumbnails.service';
export { readThumbnailDataUrl, sniffImageType } from './lib/thumbnail-image';
export type { ThumbnailImage } from './lib/thumbnail-image';
