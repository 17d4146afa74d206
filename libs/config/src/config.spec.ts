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

  it('SHORT_BASE_URL defaults to the redirector port on localhost, so short URLs point where it listens', () => {
    expect(loadConfig({ REDIRECT_PORT: '8411' }).shortBaseUrl).toBe('http://localhost:8411');
    expect(loadConfig({ REDIRECT_PORT: '8411', SHORT_BASE_URL: 'https://s.example.com/' }).shortBaseUrl).toBe('https://s.example.com');
  });

  it('APP_URL defaults to the api port on localhost and must be an http(s) URL', () => {
    expect(loadConfig({}).appUrl).toBe('http://localhost:3000');
    expect(loadConfig({ API_PORT: '3170' }).appUrl).toBe('http://localhost:3170');
    expect(loadConfig({ APP_URL: 'https://app.example.com/' }).appUrl).toBe('https://app.example.com');
    expect(() => loadConfig({ APP_URL: 'ftp://x' })).toThrow(/APP_URL must start with http:\/\/ or https:\/\//);
  });

  it('reads REDIS_CLUSTER_NODES as host:port pairs and DATABASE_READ_URL as an optional postgres URL', () => {
    expect(loadConfig({}).redisClusterNodes).toEqual([]);
    expect(loadConfig({ REDIS_CLUSTER_NODES: 'r1:7000, 10.0.0.2:7001,[::1]:7002' }).redisClusterNodes).toEqual([
      { host: 'r1', port: 7000 },
      { host: '10.0.0.2', port: 7001 },
      { host: '::1', port: 7002 },
    ]);
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'r1:7000,r2' })).toThrow('REDIS_CLUSTER_NODES must be host:port,host:port,…, got "r2"');
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'r1:70000' })).toThrow(/REDIS_CLUSTER_NODES must be host:port/);
    expect(loadConfig({}).databaseReadUrl).toBeUndefined();
    expect(() => loadConfig({ DATABASE_READ_URL: 'mysql://h/x' })).toThrow(/DATABASE_READ_URL must start with postgres:\/\//);
  });

  it('strips a trailing slash from SHORT_BASE_URL', () => {
    expect(loadConfig({ SHORT_BASE_URL: 'https://lp.example/' }).shortBaseUrl).toBe('https://lp.example');
  });
});
