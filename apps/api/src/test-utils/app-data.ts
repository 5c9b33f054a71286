import { requestAsHost } from './preview-host';

/**
 * A fetch for @supabase/supabase-js in a server test: each request goes to the test server at
 * 127.0.0.1:`port` with the Host header of its URL (a preview or app host), as a browser that
 * resolves *.localhost would send it.
 */
export function hostFetch(port: number): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const body = request.body === null ? undefined : await request.text();
    const answer = await requestAsHost(port, request.url, {
      method: request.method,
      headers,
      body,
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined)
        responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const empty = answer.status === 204 || answer.status === 304 || request.method === 'HEAD';
    return new Response(empty ? null : new Uint8Array(answer.bytes), {
      status: answer.status,
      headers: responseHeaders,
    });
  };
}
