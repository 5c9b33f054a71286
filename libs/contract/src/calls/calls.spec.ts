import { FILE_LISTING_TIMEOUT_MS, API_TIMEOUT_MS } from '../constants';
import { ApiCalls, apiCallNameOf, findApiCall } from './index';
import { callTimeoutMs, type CallSpec, isBuilt } from './call-spec';

const entries = Object.entries(ApiCalls) as Array<[string, CallSpec]>;

describe('the table of calls', () => {
  it('names each method and path once', () => {
    const keys = entries.map(([, call]) => `${call.method} ${call.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('describes the path parameters of every call that has some', () => {
    const missing = entries
      .filter(([, call]) => call.path.includes(':') && !call.params)
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('gives a JSON answer a schema, and a 204 or a stream none', () => {
    for (const [name, call] of entries) {
      const bodyless = call.status === 204 || call.produces !== undefined || call.dev === true;
      expect({ name, response: call.response !== undefined || bodyless }).toEqual({
        name,
        response: true,
      });
      if (call.status === 204) expect({ name, response: call.response }).toEqual({ name });
    }
  });

  it('finds an entry by method and path, HEAD as GET, and names it', () => {
    const call = findApiCall('HEAD', '/projects/:id');
    expect(call).toBe(ApiCalls.getProject);
    expect(call && apiCallNameOf(call)).toBe('getProject');
    expect(findApiCall('PATCH', '/projects/:id')).toBeUndefined();
  });

  it('tells the client how long to wait for each call', () => {
    expect(callTimeoutMs(ApiCalls.getProjectFiles)).toBe(FILE_LISTING_TIMEOUT_MS);
    expect(callTimeoutMs(ApiCalls.getProject)).toBe(API_TIMEOUT_MS);
  });

  it('marks the calls of SPEC.md the server does not serve yet', () => {
    expect(isBuilt(ApiCalls.getProject)).toBe(true);
    expect(isBuilt(ApiCalls.forkProject)).toBe(false);
  });
});
