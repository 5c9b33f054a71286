import { slugFromName } from '../slugs/app-slugs';
import { chooseEncoding, isCompressible } from './app-files';
import { parseAppHost } from './public-apps';

const config = {
  appsDomain: 'apps.localhost:4200',
  appsProtocol: 'http:' as const,
  isMasonHost: (host: string) => host === 'mason.example.com' || host.endsWith('.localhost:4200'),
};

describe('the public app host', () => {
  it('reads the app a Host header names: a slug under APPS_DOMAIN, or another domain', () => {
    expect(parseAppHost('mug-shop.apps.localhost:4200', config)).toEqual({
      kind: 'slug',
      slug: 'mug-shop',
    });
    expect(parseAppHost('MUG-SHOP.Apps.Localhost:4200', config)).toEqual({
      kind: 'slug',
      slug: 'mug-shop',
    });
    expect(parseAppHost('shop.example.com', config)).toEqual({
      kind: 'domain',
      host: 'shop.example.com',
    });
    expect(parseAppHost('shop.example.com:8443', config)).toEqual({
      kind: 'domain',
      host: 'shop.example.com',
    });
    for (const host of [
      undefined,
      'localhost:4200',
      '127.0.0.1:4200',
      'mason.example.com',
      'p-1.localhost:4200',
      'a.b.apps.localhost:4200',
      '-x.apps.localhost:4200',
      'bad_name.example.com',
    ]) {
      expect(parseAppHost(host, config)).toBeNull();
    }
  });

  it('compresses text with the best encoding the browser accepts', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding(undefined)).toBe('identity');
    expect(isCompressible('text/javascript; charset=utf-8')).toBe(true);
    expect(isCompressible('image/svg+xml')).toBe(true);
    expect(isCompressible('image/png')).toBe(false);
  });
});

describe('slugFromName', () => {
  it('makes a valid address name from any project name', () => {
    expect(slugFromName('Habit tracker')).toBe('habit-tracker');
    expect(slugFromName('Café   Crème!')).toBe('cafe-creme');
    expect(slugFromName('Go')).toBe('go-app');
    expect(slugFromName('日本')).toBe('my-app');
    expect(slugFromName('API')).toBe('app-api');
    expect(slugFromName('p-shop')).toBe('app-p-shop');
    expect(slugFromName('x'.repeat(100))).toHaveLength(59);
  });
});
