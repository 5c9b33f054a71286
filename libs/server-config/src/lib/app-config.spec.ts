import path from 'node:path';
import { ConfigError, DEFAULT_RATE_LIMITS, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('has defaults that run Mason locally with an embedded database', () => {
    const config = loadConfig({}, '/srv/mason');
    expect(config).toMatchObject({
      port: 4200,
      host: 'localhost',
      database: { dataDir: path.resolve('/srv/mason/.data') },
      publicUrl: 'http://localhost:4200',
      smtpUrl: null,
      googleClientId: null,
      googleJwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
      signupsOpen: true,
      thumbnails: true,
      gitImportAllowLoopback: false,
      mcpAllowLoopback: false,
      analytics: null,
      webDist: path.resolve('/srv/mason/dist/apps/web'),
      exposeOutbox: false,
      trustProxy: false,
      rateLimits: DEFAULT_RATE_LIMITS,
    });
    expect(config.banner).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{12}$/),
      text: expect.stringContaining('end of October 2025'),
      linkText: 'Read the migration guide',
      href: expect.stringMatching(/^https:\/\//),
    });
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        DATABASE_URL: 'postgres://db/mason',
        DATA_DIR: '/ignored',
        PUBLIC_URL: 'https://mason.example.com/',
        SMTP_URL: 'smtp://mail:25',
        GOOGLE_CLIENT_ID: 'client-id',
        SIGNUPS_OPEN: 'false',
        MASON_THUMBNAILS: 'false',
        BANNER_TEXT: 'Hello',
        BANNER_LINK_TEXT: 'More',
        BANNER_URL: 'https://example.com/more',
        POSTHOG_KEY: 'phc_key',
        WEB_DIST: 'web',
        EXPOSE_OUTBOX: 'true',
        TRUST_PROXY: '1',
        GIT_IMPORT_ALLOW_LOOPBACK: 'true',
        MCP_ALLOW_LOOPBACK: 'true',
      },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      database: { databaseUrl: 'postgres://db/mason' },
      publicUrl: 'https://mason.example.com',
      smtpUrl: 'smtp://mail:25',
      googleClientId: 'client-id',
      signupsOpen: false,
      thumbnails: false,
      banner: { text: 'Hello', linkText: 'More', href: 'https://example.com/more' },
      analytics: { key: 'phc_key', host: 'https://us.i.posthog.com' },
      webDist: '/srv/web',
      exposeOutbox: true,
      trustProxy: true,
      gitImportAllowLoopback: true,
      mcpAllowLoopback: true,
    });
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('turns the banner off with an empty BANNER_TEXT, and gives a new banner a new id', () => {
    expect(loadConfig({ BANNER_TEXT: '' }).banner).toBeNull();
    expect(loadConfig({ BANNER_TEXT: 'One' }).banner?.id).not.toBe(
      loadConfig({ BANNER_TEXT: 'Two' }).banner?.id,
    );
  });

  it('refuses values it cannot use, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(
      new ConfigError('PORT must be a port number from 0 to 65535 (it is "eighty").'),
    );
    expect(() => loadConfig({ SIGNUPS_OPEN: 'maybe' })).toThrow(
      /SIGNUPS_OPEN must be true or false/,
    );
    expect(() => loadConfig({ PUBLIC_URL: 'mason.example.com' })).toThrow(
      /PUBLIC_URL must be an absolute URL/,
    );
    expect(() => loadConfig({ SIGNUPS_PER_IP_PER_HOUR: '0' })).toThrow(
      /SIGNUPS_PER_IP_PER_HOUR must be a whole number/,
    );
    // The endpoint's model is named by its id: without one Mason would have nothing true to show.
    expect(() => loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(
      new ConfigError(
        'LLM_MODEL must be set with LLM_BASE_URL: it is the id of the model the endpoint serves, and the name Mason shows for it (e.g. LLM_MODEL=qwen2.5-coder).',
      ),
    );
    expect(() =>
      loadConfig({
        LLM_BASE_URL: 'http://127.0.0.1:1/v1',
        LLM_MODEL: 'm',
        LLM_PRICE_INPUT_PER_MTOK: '0.5',
      }),
    ).toThrow(
      new ConfigError(
        'LLM_PRICE_INPUT_PER_MTOK and LLM_PRICE_OUTPUT_PER_MTOK are set together: the US dollars a million input and output tokens of LLM_MODEL cost (e.g. 0.5 and 1.5).',
      ),
    );
    expect(() =>
      loadConfig({ LLM_PRICE_INPUT_PER_MTOK: 'free', LLM_PRICE_OUTPUT_PER_MTOK: '1' }),
    ).toThrow(
      new ConfigError(
        'LLM_PRICE_INPUT_PER_MTOK must be US dollars per million tokens, like 0.5 or 3 (it is "free").',
      ),
    );
  });

  it('raises the sign-up limit per address when SIGNUPS_PER_IP_PER_HOUR says so', () => {
    expect(loadConfig({}).rateLimits.signupsPerIp).toEqual(DEFAULT_RATE_LIMITS.signupsPerIp);
    expect(loadConfig({ SIGNUPS_PER_IP_PER_HOUR: '200' }).rateLimits.signupsPerIp).toEqual({
      max: 200,
      windowSeconds: 3600,
    });
  });

  it('names a support address for the e-mails: SUPPORT_EMAIL, else the address MAIL_FROM sends from', () => {
    expect(loadConfig({}).supportEmail).toBe('no-reply@localhost');
    expect(loadConfig({ MAIL_FROM: 'Mason <hello@mason.dev>' }).supportEmail).toBe(
      'hello@mason.dev',
    );
    expect(loadConfig({ MAIL_FROM: 'hello@mason.dev' }).supportEmail).toBe('hello@mason.dev');
    expect(
      loadConfig({ MAIL_FROM: 'Mason <no-reply@mason.dev>', SUPPORT_EMAIL: 'help@mason.dev' })
        .supportEmail,
    ).toBe('help@mason.dev');
  });

  it('points custom domains at APPS_DOMAIN with a CNAME, or at APPS_IPV4/APPS_IPV6, and asks DNS_SERVERS', () => {
    const defaults = loadConfig({ PORT: '8080' });
    expect(defaults.appsDomain).toBe('apps.localhost:8080');
    expect(defaults.customDomains).toEqual({
      appsIpv4: null,
      appsIpv6: null,
      dnsServers: [],
      checkIntervalSeconds: 600,
      graceSeconds: 72 * 60 * 60,
    });
    const set = loadConfig({
      APPS_DOMAIN: 'apps.mason.dev',
      APPS_IPV4: '203.0.113.7',
      APPS_IPV6: '2001:db8::7',
      DNS_SERVERS: '127.0.0.1:5353, [::1]:53,1.1.1.1',
      DOMAIN_CHECK_MINUTES: '0',
    });
    expect(set.appsDomain).toBe('apps.mason.dev');
    expect(set.customDomains).toMatchObject({
      appsIpv4: '203.0.113.7',
      appsIpv6: '2001:db8::7',
      dnsServers: ['127.0.0.1:5353', '[::1]:53', '1.1.1.1'],
      checkIntervalSeconds: 0,
    });
    expect(() => loadConfig({ APPS_IPV4: '2001:db8::7' })).toThrow(
      new ConfigError('APPS_IPV4 must be an IPv4 address (it is "2001:db8::7").'),
    );
    expect(() => loadConfig({ APPS_IPV6: 'mason.dev' })).toThrow(/APPS_IPV6 must be an IPv6/);
    expect(() => loadConfig({ DNS_SERVERS: 'dns.google:53' })).toThrow(
      /DNS_SERVERS must be IP addresses with an optional port/,
    );
    expect(() => loadConfig({ DNS_SERVERS: '127.0.0.1:99999' })).toThrow(/DNS_SERVERS/);
    expect(() => loadConfig({ DOMAIN_CHECK_MINUTES: 'often' })).toThrow(/DOMAIN_CHECK_MINUTES/);
  });

  it('reaches people’s own OpenRouter accounts at OPENROUTER_AUTH_URL and OPENROUTER_BASE_URL', () => {
    expect(loadConfig({}).openRouter).toEqual({
      authUrl: 'https://openrouter.ai/auth',
      apiUrl: 'https://openrouter.ai/api/v1',
    });
    expect(
      loadConfig({
        OPENROUTER_AUTH_URL: 'http://127.0.0.1:9000/auth',
        OPENROUTER_BASE_URL: 'http://127.0.0.1:9000/api/v1/',
      }).openRouter,
    ).toEqual({ authUrl: 'http://127.0.0.1:9000/auth', apiUrl: 'http://127.0.0.1:9000/api/v1' });
    expect(() => loadConfig({ OPENROUTER_AUTH_URL: 'openrouter.ai/auth' })).toThrow(
      new ConfigError('OPENROUTER_AUTH_URL must be an http(s) URL (it is "openrouter.ai/auth").'),
    );
  });
});
