import { posthogSources } from './shell-policy';

// Where the shell's policy lets posthog-js load its scripts from and send to. The policy as a
// whole, over real HTTP with the built index.html, is tested in apps/api (src/web/web-app.spec.ts).

describe('posthog hosts', () => {
  it('loads PostHog Cloud’s scripts from its assets host and sends to its ingestion host', () => {
    expect(posthogSources({ key: 'phc_k', host: 'https://us.i.posthog.com' }, '1.2.3')).toEqual({
      script: [
        'https://us-assets.i.posthog.com/array/phc_k/config.js',
        'https://us-assets.i.posthog.com/static/1.2.3/surveys.js',
        'https://us-assets.i.posthog.com/static/1.2.3/lazy-recorder.js',
        'https://us-assets.i.posthog.com/static/surveys.js',
        'https://us-assets.i.posthog.com/static/lazy-recorder.js',
      ],
      connect: ['https://us.i.posthog.com/', 'https://us-assets.i.posthog.com/'],
    });
    expect(posthogSources({ key: 'phc_k', host: 'https://eu.i.posthog.com' }, null).script).toEqual(
      [
        'https://eu-assets.i.posthog.com/array/phc_k/config.js',
        'https://eu-assets.i.posthog.com/static/surveys.js',
        'https://eu-assets.i.posthog.com/static/lazy-recorder.js',
      ],
    );
  });

  it('cannot be made to end a source or a directive early', () => {
    const { script, connect } = posthogSources(
      { key: 'phc k;x', host: 'https://ph.example.com/a;b,c d' },
      null,
    );
    for (const source of [...script, ...connect]) expect(source).not.toMatch(/[;,\s]/);
  });

  it('uses a reverse proxy’s path for everything', () => {
    expect(
      posthogSources({ key: 'phc_k', host: 'https://mason.example.com/ingest' }, null),
    ).toEqual({
      script: [
        'https://mason.example.com/ingest/array/phc_k/config.js',
        'https://mason.example.com/ingest/static/surveys.js',
        'https://mason.example.com/ingest/static/lazy-recorder.js',
      ],
      connect: ['https://mason.example.com/ingest/'],
    });
  });
});
