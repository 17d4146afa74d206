import { isIP } from 'node:net';
import { secretsKeyFrom } from './secret-box.js';

/** The one place that reads process.env: parse, validate, fail naming the variable. */
export interface AppConfig {
  databaseUrl: string;
  /** DATABASE_READ_URL: a streaming replica for the dashboard, analytics, export and IP queries (unset: the primary). */
  databaseReadUrl: string | undefined;
  redisUrl: string;
  /** REDIS_CLUSTER_NODES (host:port,…): when set, every Redis use goes through an ioredis Cluster client (REDIS_URL unused). */
  redisClusterNodes: { host: string; port: number }[];
  /** Prefix of every Redis key and BullMQ queue, so test suites and deployments can share one Redis. */
  redisPrefix: string;
  apiPort: number;
  redirectPort: number;
  /** Default host of short URLs: `${shortBaseUrl}/s/${code}`. */
  shortBaseUrl: string;
  /** APP_URL: the web app's public address; its host and SHORT_BASE_URL's are the product's own hosts. */
  appUrl: string;
  trustProxy: number;
  adminUsername: string;
  adminPassword: string | undefined;
  clickBatchSize: number;
  clickFlushMs: number;
  clickBufferMax: number;
  workerConcurrency: number;
  /** BullMQ job lock (ms): a job held by a worker that died is handed to another after about this long. */
  workerLockMs: number;
  geoipDb: string | undefined;
  sessionTtlDays: number;
  ipAnonymize: boolean;
  clickRetentionDays: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** Folder of the built web app served by the api. */
  webDist: string;
  /** WORKER_METRICS_PORT: the worker's Prometheus endpoint (taken → the next ports are tried; 0 disables). */
  workerMetricsPort: number;
  /** METRICS_TOKEN: when set, every /metrics endpoint requires `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** DNS_SERVERS: `host:port,…` resolvers for domain verification lookups; empty = the system resolver. */
  dnsServers: string[];
  /** DOMAIN_VERIFICATION=off: custom domains are active when added (single-team installs that trust every user). */
  domainVerification: boolean;
  /** API_KEY_RATE_LIMIT: requests per minute per API key, shared by every api instance (docs/product.md#api-keys). */
  apiKeyRateLimit: number;
  /** EXPORT_CONNECTIONS: database connections raw-click exports may use at once per api process (default 2 of the pool's 10). */
  exportConnections: number;
  /** EXPORT_STALL_MS: an export whose client reads nothing for this long is closed (default 30 s). */
  exportStallMs: number;
  /**
   * FILTERED_READ_SLOTS: analytics requests with any filter (which may read the raw clicks) answered at once per
   * api process (default 2); FILTERED_READ_WAIT_MS: how long one waits for its turn before a 429 (default 30 s).
   */
  filteredReadSlots: number;
  filteredReadWaitMs: number;
  /** WEBHOOK_ALLOW_PRIVATE: allow webhook URLs on loopback/private/link-local addresses (tests, closed networks). */
  webhookAllowPrivate: boolean;
  /** WEBHOOK_TIMEOUT_MS: one delivery attempt's limit (default 10 s). */
  webhookTimeoutMs: number;
  /** WEBHOOK_BACKOFF_MS: first retry delay; doubles each time (8 attempts ≈ 1 hour with the default 28 s). */
  webhookBackoffMs: number;
  /** WEBHOOK_ATTEMPTS: attempts per delivery (default 8). */
  webhookAttempts: number;
  /** WEBHOOKS_PER_WORKSPACE: webhooks one workspace may have (default 25; docs/security.md#webhooks). */
  webhooksPerWorkspace: number;
  /** API_KEYS_PER_WORKSPACE: API keys one workspace may have (default 50). */
  apiKeysPerWorkspace: number;
  /** WEBHOOK_OWNER_CONCURRENCY: deliveries of one workspace in flight at once, across every worker (default 4). */
  webhookOwnerConcurrency: number;
  /** WEBHOOK_PAUSE_AFTER: failed attempts in a row that pause an endpoint until it is resumed (default 20). */
  webhookPauseAfter: number;
  /** REDIS_COMMAND_TIMEOUT_MS: an api request's Redis command gives up after this long (default 500: answers within 2 s while Redis is down). */
  redisCommandTimeoutMs: number;
  /** WEBHOOK_DNS_SERVERS: comma-separated `ip[:port]` resolvers for webhook hosts; empty = the system resolver. */
  webhookDnsServers: string[];
  /** SECRETS_KEY: the AES-256-GCM key sealing secrets at rest (SSL private keys, TOTP and webhook secrets); unset → a public development key. */
  secretsKey: Buffer;
  /** True when SECRETS_KEY is unset (the api warns at start). */
  secretsKeyIsDevelopment: boolean;
  /**
   * SECRETS_KEY_PREVIOUS: keys being rotated out (comma-separated, same formats). Secrets sealed under them still open,
   * and the api re-seals them under SECRETS_KEY at start; remove them once it logs that nothing is left to re-seal.
   */
  previousSecretsKeys: Buffer[];
  /** LOCAL_LOGIN=off: password sign-in and sign-up answer 403 (single sign-on only). Default on. */
  localLogin: boolean;
  /** Single sign-on with OpenID Connect (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET set); null when off. */
  oidc: OidcConfig | null;
}

export interface OidcConfig {
  /** OIDC_ISSUER: the provider's issuer URL; its `/.well-known/openid-configuration` is read (discovery). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** OIDC_NAME: the button reads "Sign in with {name}" (default "single sign-on"). */
  name: string;
  /** OIDC_SCOPES: space-separated, always including openid (default "openid profile email"). */
  scopes: string;
  /** OIDC_AUTO_APPROVE: accounts made by single sign-on start approved (default false: an admin approves them). */
  autoApprove: boolean;
  /** OIDC_ADMIN_GROUPS: members of any of these groups (the `groups` claim) are administrators. */
  adminGroups: string[];
  /**
   * Plain-http issuer allowed (openid-client's allowInsecureRequests). Never read from the environment: only test code
   * sets it, for a provider run in-process without TLS.
   */
  allowInsecureRequests: boolean;
}

export class ConfigError extends Error {
  constructor(
    public readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function str(env: Env, name: string, fallback: string): string {
  const v = env[name];
  return v === undefined || v === '' ? fallback : v;
}

/** A comma-separated setting's non-empty items, trimmed (unset: none). */
function list(env: Env, name: string): string[] {
  return str(env, name, '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^-?\d+$/.test(raw.trim())) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${n}`);
  return n;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

function url(env: Env, name: string, fallback: string, protocols: string[]): string {
  const value = str(env, name, fallback);
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(name, `must be a URL, got "${value}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must start with ${protocols.map((p) => p + '//').join(' or ')}, got "${value}"`);
  }
  return value;
}

function clusterNodes(env: Env, name: string): { host: string; port: number }[] {
  const raw = (env[name] ?? '').trim();
  if (raw === '') return [];
  return raw.split(',').map((part) => {
    const m = /^\s*([A-Za-z0-9.-]+|\[[0-9a-fA-F:]+\]):(\d{1,5})\s*$/.exec(part);
    const port = m ? Number(m[2]) : 0;
    if (!m || port < 1 || port > 65535) throw new ConfigError(name, `must be host:port,host:port,…, got "${part.trim()}"`);
    return { host: m[1].replace(/^\[|\]$/g, ''), port };
  });
}

/** `ip:port` or `[ipv6]:port` (port optional), as node:dns `setServers` takes them (IP addresses, no names). */
function dnsServers(env: Env): string[] {
  const raw = str(env, 'DNS_SERVERS', '');
  if (!raw.trim()) return [];
  return raw.split(',').map((s) => {
    const v = s.trim();
    const m = /^(?:\[([0-9a-fA-F:.]+)\]|([0-9.]+))(?::(\d{1,5}))?$/.exec(v);
    const ip = m ? (m[1] ?? m[2]) : '';
    if (!m || isIP(ip) === 0 || (m[3] !== undefined && (Number(m[3]) < 1 || Number(m[3]) > 65535))) {
      throw new ConfigError('DNS_SERVERS', `must be a comma-separated list of ip:port or [ipv6]:port, got "${raw}"`);
    }
    return v;
  });
}

function secretsKey(env: Env): Buffer {
  const key = secretsKeyFrom(env.SECRETS_KEY);
  if (!key) throw new ConfigError('SECRETS_KEY', 'must be 32 random bytes as 64 hex characters or base64 (openssl rand -hex 32)');
  return key;
}

function previousSecretsKeys(env: Env): Buffer[] {
  return list(env, 'SECRETS_KEY_PREVIOUS').map((v, i) => {
    const key = secretsKeyFrom(v);
    if (!key) throw new ConfigError('SECRETS_KEY_PREVIOUS', `key ${i + 1} must be 32 bytes as 64 hex characters or base64, like SECRETS_KEY`);
    return key;
  });
}

function oidc(env: Env): OidcConfig | null {
  const names = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'];
  const set = names.filter((n) => (env[n] ?? '').trim() !== '');
  if (set.length === 0) return null;
  const missing = names.find((n) => !set.includes(n));
  if (missing) throw new ConfigError(missing, `must be set too: single sign-on needs ${names.join(', ')}`);
  const scopes = str(env, 'OIDC_SCOPES', 'openid profile email').trim().split(/\s+/);
  if (!scopes.includes('openid')) scopes.unshift('openid');
  return {
    issuer: url(env, 'OIDC_ISSUER', '', ['https:', 'http:']),
    clientId: env.OIDC_CLIENT_ID!.trim(),
    clientSecret: env.OIDC_CLIENT_SECRET!.trim(),
    name: str(env, 'OIDC_NAME', 'single sign-on').trim(),
    scopes: scopes.join(' '),
    autoApprove: bool(env, 'OIDC_AUTO_APPROVE', false),
    adminGroups: list(env, 'OIDC_ADMIN_GROUPS'),
    allowInsecureRequests: false,
  };
}

export function loadConfig(env: Env = process.env): AppConfig {
  const apiPort = int(env, 'API_PORT', 3000, 0, 65535);
  const redirectPort = int(env, 'REDIRECT_PORT', 8080, 0, 65535);
  const logLevel = str(env, 'LOG_LEVEL', 'info');
  if (!['debug', 'info', 'warn', 'error'].includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of debug, info, warn, error, got "${logLevel}"`);
  }
  const prefix = str(env, 'REDIS_PREFIX', 'lp');
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(prefix)) throw new ConfigError('REDIS_PREFIX', 'must be 1-40 letters, digits, - or _');
  return {
    databaseUrl: url(env, 'DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/linkpulse', ['postgres:', 'postgresql:']),
    databaseReadUrl: env.DATABASE_READ_URL ? url(env, 'DATABASE_READ_URL', '', ['postgres:', 'postgresql:']) : undefined,
    redisUrl: url(env, 'REDIS_URL', 'redis://127.0.0.1:6379', ['redis:', 'rediss:']),
    redisClusterNodes: clusterNodes(env, 'REDIS_CLUSTER_NODES'),
    redisPrefix: prefix,
    apiPort,
    redirectPort,
    shortBaseUrl: url(env, 'SHORT_BASE_URL', `http://localhost:${redirectPort}`, ['http:', 'https:']).replace(/\/+$/, ''),
    appUrl: url(env, 'APP_URL', `http://localhost:${apiPort}`, ['http:', 'https:']).replace(/\/+$/, ''),
    trustProxy: int(env, 'TRUST_PROXY', 0, 0, 10),
    adminUsername: str(env, 'ADMIN_USERNAME', 'admin'),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    clickBatchSize: int(env, 'CLICK_BATCH_SIZE', 500, 1, 10000),
    clickFlushMs: int(env, 'CLICK_FLUSH_MS', 25, 1, 10000),
    clickBufferMax: int(env, 'CLICK_BUFFER_MAX', 1_000_000, 1000, 100_000_000),
    workerConcurrency: int(env, 'WORKER_CONCURRENCY', 32, 1, 64), // 32 jobs in hand → ingest groups of ~8 000 clicks: Postgres CPU per click 106 → 80 µs vs 16 (bench:ingest)
    workerLockMs: int(env, 'WORKER_LOCK_MS', 30_000, 1000, 600_000),
    geoipDb: env.GEOIP_DB || undefined,
    sessionTtlDays: int(env, 'SESSION_TTL_DAYS', 30, 1, 365),
    ipAnonymize: bool(env, 'IP_ANONYMIZE', false),
    clickRetentionDays: int(env, 'CLICK_RETENTION_DAYS', 0, 0, 36500),
    logLevel: logLevel as AppConfig['logLevel'],
    webDist: str(env, 'WEB_DIST', 'dist/web'),
    workerMetricsPort: int(env, 'WORKER_METRICS_PORT', 9464, 0, 65535),
    metricsToken: env.METRICS_TOKEN || undefined,
    dnsServers: dnsServers(env),
    domainVerification: bool(env, 'DOMAIN_VERIFICATION', true),
    apiKeyRateLimit: int(env, 'API_KEY_RATE_LIMIT', 600, 1, 1_000_000),
    exportConnections: int(env, 'EXPORT_CONNECTIONS', 2, 1, 50),
    exportStallMs: int(env, 'EXPORT_STALL_MS', 30_000, 1_000, 600_000),
    filteredReadSlots: int(env, 'FILTERED_READ_SLOTS', 2, 1, 50),
    filteredReadWaitMs: int(env, 'FILTERED_READ_WAIT_MS', 30_000, 100, 600_000),
    webhookAllowPrivate: bool(env, 'WEBHOOK_ALLOW_PRIVATE', false),
    webhookTimeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000),
    webhookBackoffMs: int(env, 'WEBHOOK_BACKOFF_MS', 28_000, 10, 3_600_000),
    webhookAttempts: int(env, 'WEBHOOK_ATTEMPTS', 8, 1, 20),
    webhooksPerWorkspace: int(env, 'WEBHOOKS_PER_WORKSPACE', 25, 1, 10_000),
    apiKeysPerWorkspace: int(env, 'API_KEYS_PER_WORKSPACE', 50, 1, 10_000),
    webhookOwnerConcurrency: int(env, 'WEBHOOK_OWNER_CONCURRENCY', 4, 1, 64),
    webhookPauseAfter: int(env, 'WEBHOOK_PAUSE_AFTER', 20, 1, 1_000),
    redisCommandTimeoutMs: int(env, 'REDIS_COMMAND_TIMEOUT_MS', 500, 50, 60_000),
    webhookDnsServers: list(env, 'WEBHOOK_DNS_SERVERS'),
    secretsKey: secretsKey(env),
    secretsKeyIsDevelopment: !env.SECRETS_KEY?.trim(),
    previousSecretsKeys: previousSecretsKeys(env),
    localLogin: bool(env, 'LOCAL_LOGIN', true),
    oidc: oidc(env),
  };
}

/** Nest injection token for AppConfig. */
export const APP_CONFIG = Symbol('APP_CONFIG');
