import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const c = loadConfig({});
    expect(c.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/linkpulse');
    expect(c.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(c.apiPort).toBe(3000);
    expect(c.redirectPort).toBe(8080);
    expect(c.shortBaseUrl).toBe('http://localhost:8080');
    expect(c.clickBatchSize).toBe(500);
    expect(c.clickFlushMs).toBe(25);
    expect(c.adminUsername).toBe('admin');
    expect(c.adminPassword).toBeUndefined();
  });

  it('fails fast naming the variable', () => {
    expect(() => loadConfig({ API_PORT: 'abc' })).toThrow('API_PORT must be a whole number, got "abc"');
    expect(() => loadConfig({ REDIS_URL: 'http://x' })).toThrow(/REDIS_URL must start with redis:\/\//);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(ConfigError);
    expect(() => loadConfig({ IP_ANONYMIZE: 'maybe' })).toThrow('IP_ANONYMIZE must be true or false');
  });

  it('strips a trailing slash from SHORT_BASE_URL', () => {
    expect(loadConfig({ SHORT_BASE_URL: 'https://lp.example/' }).shortBaseUrl).toBe('https://lp.example');
  });
});
