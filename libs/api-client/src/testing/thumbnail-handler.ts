import { ApiCalls } from '@mason/contract';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { apiUrl } from './api-url';

/** A 2 x 2 PNG (red, blue, green, white), the picture the fake answers for a project's thumbnail. */
export const TEST_THUMBNAIL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4zwAE/0Ho////AB/uBftt3M6tAAAAAElFTkSuQmCC';

export interface ThumbnailHandlerOptions {
  readonly baseUrl?: string;
  /** The picture's bytes (default TEST_THUMBNAIL_PNG) and type (default image/png). */
  readonly bytes?: Uint8Array;
  readonly contentType?: string;
  /** 404: the project has no thumbnail (the server's answer then). */
  readonly status?: 200 | 404;
}

/**
 * GET /projects/:id/thumbnail as the server answers it: the picture's bytes with their type, or
 * 404. Only with the bearer token, like the server (401 without one).
 */
export function projectThumbnailHandler(options: ThumbnailHandlerOptions = {}): HttpHandler {
  return http.get(apiUrl(ApiCalls.getProjectThumbnail.path, options.baseUrl), ({ request }) => {
    if (!request.headers.get('authorization'))
      return HttpResponse.json(
        { statusCode: 401, error: 'Unauthorized', message: 'Log in.' },
        {
          status: 401,
        },
      );
    if (options.status === 404)
      return HttpResponse.json(
        { statusCode: 404, error: 'Not Found', message: 'This project has no thumbnail yet.' },
        { status: 404 },
      );
    const bytes =
      options.bytes ?? Uint8Array.from(atob(TEST_THUMBNAIL_PNG), (char) => char.charCodeAt(0));
    return new HttpResponse(bytes, {
      headers: { 'content-type': options.contentType ?? 'image/png', etag: '"v1"' },
    });
  });
}
