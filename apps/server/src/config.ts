import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { iceServerSchema, type IceServer } from '@teamup/contracts/video';
import { parseNetworks } from './platform/http/outbound';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  REDIS_URL: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('TeamUp <no-reply@teamup.local>'),
  PUBLIC_ORIGIN: optionalString,
  JWT_SECRET: optionalString,
  /**
   * Encrypts secrets kept in the database (2-step seeds), apart from JWT_SECRET so either can be
   * rotated alone. Unset: derived from JWT_SECRET as before (see platform/auth/secret-box).
   */
  DATA_ENCRYPTION_KEY: optionalString,
  LOG_LEVEL: z.string().default('info'),
  /**
   * Comma-separated e-mail addresses of the instance admins (decision 0050): their accounts are
   * admins from the start (or from sign-up). Unset: the first account of a fresh instance is.
   */
  ADMIN_EMAILS: optionalString,
  /** Days the audit log keeps an entry (decision 0050). */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /** Argon2 memory cost in KiB: OWASP's minimum is 19 MiB; never configure lower. */
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(19456).default(19456),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /**
   * Which proxies may name the client in X-Forwarded-For: a hop count (`1`), a comma-separated
   * list of addresses or CIDR ranges (`10.0.0.0/8,127.0.0.1`), or `true` (any: only when the
   * server is reachable through the proxy alone). Unset: none, the peer address is the client.
   */
  TRUST_PROXY: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  KAKAO_CLIENT_ID: optionalString,
  KAKAO_CLIENT_SECRET: optionalString,
  /**
   * Tests only: the base address of a fake OAuth provider that serves `/{provider}/authorize`,
   * `/token` and `/userinfo` in place of Google's and Kakao's. Refused in production.
   */
  OAUTH_TEST_PROVIDER_URL: optionalString,
  /**
   * Single sign-on with the school's OpenID Connect provider (Entra ID, Google Workspace,
   * Keycloak): its issuer URL (discovery at `/.well-known/openid-configuration`), and this app's
   * client id and secret there. Redirect URI: PUBLIC_ORIGIN/api/auth/oauth/sso/callback.
   */
  OIDC_ISSUER: optionalString,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  /** The sign-in button's name ("학교 계정으로 로그인"). */
  OIDC_DISPLAY_NAME: z.string().trim().min(1).max(30).default('학교 계정'),
  /** Comma-separated e-mail domains SSO accepts (subdomains too); unset: any. */
  OIDC_ALLOWED_DOMAINS: optionalString,
  /** `false`: accounts are made only through SSO (no sign-up with a password, Google or Kakao). */
  OIDC_LOCAL_SIGNUP: z.enum(['true', 'false']).default('true'),
  LIVEKIT_URL: optionalString,
  LIVEKIT_API_KEY: optionalString,
  LIVEKIT_API_SECRET: optionalString,
  /** Where this server reaches LiveKit's API when browsers use another URL (a /livekit proxy). */
  LIVEKIT_API_URL: optionalString,
  /**
   * Built-in video: STUN/TURN servers handed to browsers, a JSON array of RTCIceServer
   * (`[{"urls":"turn:turn.example.com:3478","username":"u","credential":"p"}]`). Unset: none, which
   * works on loopback and a LAN.
   */
  ICE_SERVERS: optionalString,
  S3_ENDPOINT: optionalString,
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY: optionalString,
  S3_SECRET_KEY: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  WEB_DIST_DIR: optionalString,
  /**
   * Prometheus metrics at `/metrics`, served only to scrapers that send `Authorization: Bearer
   * <METRICS_TOKEN>`. Unset: `/metrics` answers 404.
   */
  METRICS_TOKEN: optionalString,
  /** How often each instance looks for due jobs, in ms (a job scheduled here wakes it sooner). */
  JOBS_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /** Jobs missed for longer than this (the server was down) are skipped and logged, not run. */
  JOBS_CATCH_UP_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24),
  /**
   * Web push's VAPID key pair (RFC 8292), base64url as `web-push generate-vapid-keys` prints it.
   * Unset: a pair generated once into DATA_DIR. Every instance must share one pair: browsers
   * subscribed with its public key.
   */
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  /** Whom push services may contact about our pushes: a mailto: or https: URL. */
  VAPID_SUBJECT: optionalString,
  /**
   * Tests only: take push subscriptions whose endpoint is http on 127.0.0.1 or localhost (a local
   * push service). Refused in production.
   */
  PUSH_TEST_ALLOW_LOCAL_HTTP: optionalString,
  /**
   * Outgoing webhooks: networks (comma-separated CIDRs) the server may send to although they are
   * loopback, private or link-local (`10.20.0.0/16` for an intranet receiver). Unset: none.
   */
  WEBHOOK_ALLOWED_NETWORKS: optionalString,
  /** Seconds between the tries of an outgoing webhook delivery (4 retries by default). */
  WEBHOOK_RETRY_SECONDS: z.string().default('30,120,600,3600'),
});

/** Every environment variable the server reads (the deploy files are checked against this list). */
export const configKeys: readonly string[] = Object.keys(envSchema.shape);

export type Config = {
  env: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL only: connections of each instance's pool. */
  databasePoolSize: number;
  /** PostgreSQL only: the longest a statement may run before the server cancels it (0031). */
  databaseStatementTimeoutMs: number;
  /** Lower-case addresses of the instance admins (ADMIN_EMAILS); empty: the first account is. */
  adminEmails: readonly string[];
  /** Days the audit log keeps an entry. */
  auditRetentionDays: number;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicOrigin: string;
  /** undefined: generated once and kept in DATA_DIR (see platform/secrets). */
  jwtSecret: string | undefined;
  /** undefined: 2-step seeds are sealed under a key derived from the JWT secret (as before). */
  dataEncryptionKey: string | undefined;
  logLevel: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  argon2MemoryKib: number;
  rateLimitPerMinute: number;
  /** Fastify's trustProxy: false unless TRUST_PROXY says which proxies to believe. */
  trustProxy: TrustProxy;
  oauth: {
    google?: { clientId: string; clientSecret: string };
    kakao?: { clientId: string; clientSecret: string };
    /** Tests only: a fake provider's base address (see OAUTH_TEST_PROVIDER_URL). */
    testProviderUrl?: string | undefined;
  };
  /** Single sign-on (OIDC_*); undefined: not offered. */
  oidc?: {
    issuer: string;
    clientId: string;
    clientSecret: string;
    displayName: string;
    /** Lower-case domains; empty: any. */
    allowedDomains: readonly string[];
    /** Whether accounts may still be made without SSO. */
    localSignup: boolean;
  };
  livekit?: { url: string; apiUrl: string; apiKey: string; apiSecret: string };
  iceServers: IceServer[];
  s3?: { endpoint: string; bucket: string; accessKey: string; secretKey: string; region: string };
  webDistDir: string | undefined;
  /** The bearer token `/metrics` asks for; undefined: no metrics endpoint. */
  metricsToken: string | undefined;
  /** Due-time jobs (platform/jobs): the runner's poll and catch-up window. */
  jobs: { pollMs: number; catchUpMs: number };
  push: {
    /** undefined: generated once and kept in DATA_DIR (see platform/push/vapid-keys). */
    vapidKeys: { publicKey: string; privateKey: string } | undefined;
    /** mailto: or https: (VAPID_SUBJECT, else a mailto: of MAIL_FROM's address). */
    subject: string;
    /** Tests only: http endpoints on loopback are taken. */
    allowLocalHttp: boolean;
  };
  webhooks: {
    /** CIDRs outgoing webhooks may reach although private or loopback (WEBHOOK_ALLOWED_NETWORKS). */
    allowedNetworks: readonly string[];
    /** The waits between a delivery's tries; its tries are one more than these. */
    retryDelaysMs: readonly number[];
  };
};

export type TrustProxy = boolean | number | string[];

/** The shortest JWT_SECRET accepted: HS256 wants a key at least as long as its 32-byte hash. */
export const JWT_SECRET_MIN_BYTES = 32;

/** A setting the server refuses to start with: its message says which and why, for an operator. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const configError = (line: string) => new ConfigError(`Invalid configuration:\n${line}`);

/**
 * The settings that hold a secret, alone (JWT_SECRET) or inside a value (the password in
 * DATABASE_URL, a TURN credential in ICE_SERVERS).
 */
export const SECRET_SETTINGS = [
  'JWT_SECRET',
  'DATA_ENCRYPTION_KEY',
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'GOOGLE_CLIENT_SECRET',
  'KAKAO_CLIENT_SECRET',
  'OIDC_CLIENT_SECRET',
  'LIVEKIT_API_SECRET',
  'ICE_SERVERS',
  'S3_SECRET_KEY',
  'METRICS_TOKEN',
  'VAPID_PRIVATE_KEY',
] as const;

/**
 * What every secret value published in .env.example contains (and the passwords compose builds
 * DATABASE_URL and ICE_SERVERS from): the file is public, so a value holding one is known to
 * anyone, and a token signed with it is anyone's (apps/server/test/deploy-files.test.ts checks
 * that each secret value of the file is refused).
 */
export const PUBLISHED_PLACEHOLDER_MARKS: readonly string[] = ['change-me'];

/** Whether a secret value holds one of the placeholders published in .env.example. */
export function isPublishedPlaceholder(value: string): boolean {
  const lower = value.toLowerCase();
  return PUBLISHED_PLACEHOLDER_MARKS.some((mark) => lower.includes(mark));
}

/** Refuses a secret setting left at (or built from) a value published in .env.example. */
function refusePublishedSecrets(env: NodeJS.ProcessEnv) {
  for (const name of SECRET_SETTINGS) {
    const value = env[name];
    if (value !== undefined && isPublishedPlaceholder(value)) {
      throw configError(
        `${name} holds a placeholder published in .env.example: replace it with a secret of your own (\`openssl rand -hex 32\`)`,
      );
    }
  }
}

/** TRUST_PROXY: `true`/`false`, a hop count, or addresses and CIDR ranges separated by commas. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d{1,3}$/.test(raw)) return Number(raw) > 0 ? Number(raw) : false;
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const valid = (entry: string) => {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    if (!family || rest.length > 0) return false;
    if (prefix === undefined) return true;
    const max = family === 4 ? 32 : 128;
    return /^\d{1,3}$/.test(prefix) && Number(prefix) <= max;
  };
  const invalid = entries.find((entry) => !valid(entry));
  if (entries.length === 0 || invalid !== undefined) {
    throw configError(
      `TRUST_PROXY: expected a hop count, true, or addresses/CIDR ranges separated by commas${
        invalid === undefined ? '' : ` (not an address: ${invalid})`
      }`,
    );
  }
  return entries;
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes a function trusting that many hops from the
 * socket: Fastify itself refuses a bare number (it trusts nothing then).
 */
export function trustProxyOption(
  value: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

function pair(id: string | undefined, secret: string | undefined) {
  return id && secret ? { clientId: id, clientSecret: secret } : undefined;
}

function parseIceServers(raw: string | undefined): IceServer[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw configError('ICE_SERVERS: not JSON');
  }
  const parsed = z.array(iceServerSchema).safeParse(value);
  if (!parsed.success) {
    throw configError('ICE_SERVERS: expected an array of RTCIceServer');
  }
  return parsed.data;
}

/** Parses the environment once; nothing else in the server reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw configError(lines.join('\n'));
  }
  const e = parsed.data;
  // In every environment: a published secret is no secret on a developer's machine either.
  refusePublishedSecrets(env);
  if (e.JWT_SECRET !== undefined && Buffer.byteLength(e.JWT_SECRET) < JWT_SECRET_MIN_BYTES) {
    throw configError(
      `JWT_SECRET is too short: it must be at least ${JWT_SECRET_MIN_BYTES} bytes (a random string such as \`openssl rand -base64 48\`), or leave it unset to have one generated into DATA_DIR`,
    );
  }
  if (
    e.DATA_ENCRYPTION_KEY !== undefined &&
    Buffer.byteLength(e.DATA_ENCRYPTION_KEY) < JWT_SECRET_MIN_BYTES
  ) {
    throw configError(
      `DATA_ENCRYPTION_KEY is too short: it must be at least ${JWT_SECRET_MIN_BYTES} bytes (\`openssl rand -base64 48\`)`,
    );
  }
  if (e.OAUTH_TEST_PROVIDER_URL && e.NODE_ENV === 'production') {
    throw configError('OAUTH_TEST_PROVIDER_URL is for tests only');
  }
  if (e.PUSH_TEST_ALLOW_LOCAL_HTTP === 'true' && e.NODE_ENV === 'production') {
    throw configError('PUSH_TEST_ALLOW_LOCAL_HTTP is for tests only');
  }
  const { LIVEKIT_URL: lkUrl, LIVEKIT_API_KEY: lkKey, LIVEKIT_API_SECRET: lkSecret } = e;
  const { S3_ENDPOINT: s3Endpoint, S3_BUCKET: s3Bucket, S3_ACCESS_KEY: s3Key } = e;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    adminEmails: (e.ADMIN_EMAILS ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter((email) => email !== ''),
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicOrigin: (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY,
    logLevel: e.LOG_LEVEL,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    argon2MemoryKib: e.ARGON2_MEMORY_KIB,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    oidc: parseOidc(e),
    oauth: {
      google: pair(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET),
      kakao: pair(e.KAKAO_CLIENT_ID, e.KAKAO_CLIENT_SECRET),
      testProviderUrl: e.OAUTH_TEST_PROVIDER_URL?.replace(/\/$/, ''),
    },
    livekit:
      lkUrl && lkKey && lkSecret
        ? { url: lkUrl, apiUrl: e.LIVEKIT_API_URL ?? lkUrl, apiKey: lkKey, apiSecret: lkSecret }
        : undefined,
    iceServers: parseIceServers(e.ICE_SERVERS),
    s3:
      s3Endpoint && s3Bucket && s3Key && e.S3_SECRET_KEY
        ? {
            endpoint: s3Endpoint,
            bucket: s3Bucket,
            accessKey: s3Key,
            secretKey: e.S3_SECRET_KEY,
            region: e.S3_REGION,
          }
        : undefined,
    webDistDir: e.WEB_DIST_DIR,
    metricsToken: e.METRICS_TOKEN,
    jobs: { pollMs: e.JOBS_POLL_MS, catchUpMs: Math.round(e.JOBS_CATCH_UP_HOURS * 3_600_000) },
    push: {
      vapidKeys: parseVapidKeys(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY),
      subject: parseVapidSubject(e.VAPID_SUBJECT, e.MAIL_FROM),
      allowLocalHttp: e.PUSH_TEST_ALLOW_LOCAL_HTTP === 'true',
    },
    webhooks: {
      allowedNetworks: parseAllowedNetworks(e.WEBHOOK_ALLOWED_NETWORKS),
      retryDelaysMs: parseRetrySeconds(e.WEBHOOK_RETRY_SECONDS),
    },
  };
}

/** Base64url of `bytes` bytes, unpadded (what web-push takes). */
const base64urlOf = (bytes: number) => new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`);

function parseVapidKeys(publicKey: string | undefined, privateKey: string | undefined) {
  if (publicKey === undefined && privateKey === undefined) return undefined;
  if (publicKey === undefined || privateKey === undefined) {
    throw configError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither');
  }
  if (!base64urlOf(65).test(publicKey) || !base64urlOf(32).test(privateKey)) {
    throw configError(
      'VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: expected unpadded base64url P-256 keys (65 and 32 bytes), as `npx web-push generate-vapid-keys` prints them',
    );
  }
  return { publicKey, privateKey };
}

/** VAPID_SUBJECT, else `mailto:` of the address in MAIL_FROM ("TeamUp <no-reply@x>"). */
function parseVapidSubject(subject: string | undefined, mailFrom: string): string {
  if (subject !== undefined) {
    if (!/^(?:mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(subject)) {
      throw configError('VAPID_SUBJECT: expected a mailto: or https: URL');
    }
    return subject;
  }
  const start = mailFrom.indexOf('<');
  const end = mailFrom.indexOf('>', start);
  const address = start >= 0 && end > start ? mailFrom.slice(start + 1, end) : mailFrom.trim();
  return `mailto:${address}`;
}

function parseAllowedNetworks(list: string | undefined): string[] {
  if (list === undefined) return [];
  try {
    return parseNetworks(list);
  } catch (error) {
    throw configError(`WEBHOOK_ALLOWED_NETWORKS: ${(error as Error).message}`);
  }
}

/** "30,120,600" → ms; each wait 0.05 s (tests) to a day, at most ten retries. */
function parseRetrySeconds(list: string): number[] {
  const waits = list.split(',').map((part) => Number(part.trim()));
  if (waits.length > 10 || waits.some((wait) => !(wait >= 0.05 && wait <= 86_400))) {
    throw configError(
      'WEBHOOK_RETRY_SECONDS: expected up to ten comma-separated waits in seconds (0.05 to 86400)',
    );
  }
  return waits.map((wait) => Math.round(wait * 1000));
}

function parseOidc(e: z.infer<typeof envSchema>): Config['oidc'] {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = e;
  if (!issuer && !clientId && !clientSecret) return undefined;
  if (!issuer || !clientId || !clientSecret) {
    throw configError('OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set all three or none');
  }
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw configError("OIDC_ISSUER: expected the provider's issuer URL");
  }
  // An ID token's keys come from the issuer: over plain http anyone on the way could swap them.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && e.NODE_ENV !== 'production')) {
    throw configError('OIDC_ISSUER: expected an https:// URL');
  }
  return {
    issuer,
    clientId,
    clientSecret,
    displayName: e.OIDC_DISPLAY_NAME,
    allowedDomains: (e.OIDC_ALLOWED_DOMAINS ?? '')
      .split(',')
      .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
      .filter((domain) => domain !== ''),
    localSignup: e.OIDC_LOCAL_SIGNUP === 'true',
  };
}
