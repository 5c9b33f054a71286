import { masonOrigins, requestOrigin, webBaseFor } from './mason-origins';

describe('Mason’s own origins', () => {
  it('are PUBLIC_URL’s, and on loopback the same port under each loopback name', () => {
    expect(masonOrigins('http://localhost:4200')).toEqual([
      'http://localhost:4200',
      'http://127.0.0.1:4200',
    ]);
    expect(masonOrigins('http://127.0.0.1:4200/')).toEqual([
      'http://127.0.0.1:4200',
      'http://localhost:4200',
    ]);
    expect(masonOrigins('https://mason.example.com')).toEqual(['https://mason.example.com']);
  });

  it('a request’s origin is its Origin header, else its host', () => {
    const request = { protocol: 'http', host: '127.0.0.1:4200' };
    expect(requestOrigin({ ...request, headers: { origin: 'http://localhost:4200' } })).toBe(
      'http://localhost:4200',
    );
    expect(requestOrigin({ ...request, headers: {} })).toBe('http://127.0.0.1:4200');
  });

  it('links follow the person to a loopback name of the same Mason, and nowhere else', () => {
    expect(webBaseFor('http://127.0.0.1:4200', 'http://localhost:4200')).toBe(
      'http://127.0.0.1:4200',
    );
    expect(webBaseFor('http://localhost:4200', 'http://localhost:4200/')).toBe(
      'http://localhost:4200',
    );
    expect(webBaseFor(undefined, 'http://localhost:4200')).toBe('http://localhost:4200');
    // Another port, another site, another scheme: PUBLIC_URL.
    expect(webBaseFor('http://127.0.0.1:4300', 'http://localhost:4200')).toBe(
      'http://localhost:4200',
    );
    expect(webBaseFor('https://evil.example', 'http://localhost:4200')).toBe(
      'http://localhost:4200',
    );
    expect(webBaseFor('http://localhost:4200', 'https://mason.example.com')).toBe(
      'https://mason.example.com',
    );
  });
});
