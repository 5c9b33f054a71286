import { assetName, assetTypeOf } from './asset-names';
import { ASSET_NAME_MAX_LENGTH } from './uploads';

const nameOf = (given: string) => {
  const result = assetName(given);
  return result.ok ? result.fileName : `${result.problem}: ${result.message}`;
};

describe('assetName', () => {
  it('keeps a plain name, and says where the file goes and how the app loads it', () => {
    expect(assetName('logo.png')).toEqual({
      ok: true,
      fileName: 'logo.png',
      path: 'public/logo.png',
      url: '/logo.png',
      type: { contentType: 'image/png', kind: 'image' },
    });
  });

  it('makes a name safe for a URL: spaces become dashes, other marks go, the extension is lower case', () => {
    expect(nameOf('My Logo (final).PNG')).toBe('My-Logo-final.png');
    expect(nameOf('  hero   image.webp ')).toBe('hero-image.webp');
    expect(nameOf('café-menü.jpg')).toBe('café-menü.jpg');
    expect(nameOf('Inter.Variable.woff2')).toBe('Inter.Variable.woff2');
  });

  it('shortens a long name, keeping its extension', () => {
    const name = nameOf(`${'a'.repeat(300)}.png`);
    expect(name).toBe(`${'a'.repeat(ASSET_NAME_MAX_LENGTH - 4)}.png`);
  });

  it('refuses a name with a path or hidden characters in it (a trick, not a name)', () => {
    for (const given of [
      '../../etc/logo.png',
      'a/b.png',
      'C:\\logo.png',
      'logo\u0000.png',
      '\u202egnp.exe.png',
      'lo\u200bgo.png',
    ]) {
      expect(nameOf(given)).toMatch(/^name: A file name cannot hold a folder path/);
    }
  });

  it('refuses a name with nothing to call it by', () => {
    expect(nameOf('.png')).toMatch(/^name: /);
    expect(nameOf('!!!.png')).toBe(
      'name: Give the file a name with letters or digits, like logo.png, then upload it again.',
    );
    expect(nameOf('...png')).toMatch(/^name: /);
  });

  it('refuses a kind of file an app does not use as an asset, naming what it takes', () => {
    for (const given of ['index.html', 'app.js', 'setup.exe', 'archive.zip', 'README', '']) {
      const result = assetName(given);
      expect(result).toMatchObject({ ok: false, problem: 'type' });
    }
    expect(nameOf('app.js')).toBe(
      'type: app.js is not a kind of file an app can use as an asset. Upload images, fonts, sound, video or documents: PNG, JPG, GIF, WEBP, AVIF, SVG, ICO, WOFF, WOFF2, TTF, OTF, MP3, WAV, OGG, MP4, WEBM, PDF, TXT, CSV, JSON.',
    );
  });
});

describe('assetTypeOf', () => {
  it('names the type of a public file by its extension, or null', () => {
    expect(assetTypeOf('public/fonts/Inter.WOFF2')).toEqual({
      contentType: 'font/woff2',
      kind: 'font',
    });
    expect(assetTypeOf('public/.png')).toBeNull();
    expect(assetTypeOf('public/index.html')).toBeNull();
  });
});
