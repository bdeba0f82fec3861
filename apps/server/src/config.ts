import path from 'node:path';
import { z } from 'zod';
import { iceServerSchema, type IceServer } from '@teamup/contracts/video';

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
  REDIS_URL: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('TeamUp <no-reply@teamup.local>'),
  PUBLIC_ORIGIN: optionalString,
  JWT_SECRET: optionalString,
  LOG_LEVEL: z.string().default('info'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /** Argon2 memory cost in KiB: OWASP's minimum is 19 MiB; never configure lower. */
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(19456).default(19456),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  KAKAO_CLIENT_ID: optionalString,
  KAKAO_CLIENT_SECRET: optionalString,
  /**
   * Tests only: the base address of a fake OAuth provider that serves `/{provider}/authorize`,
   * `/token` and `/userinfo` in place of Google's and Kakao's. Refused in production.
   */
  OAUTH_TEST_PROVIDER_URL: optionalString,
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
});

export type Config = {
  env: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicOrigin: string;
  /** undefined: generated once and kept in DATA_DIR (see platform/secrets). */
  jwtSecret: string | undefined;
  logLevel: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  argon2MemoryKib: number;
  rateLimitPerMinute: number;
  oauth: {
    google?: { clientId: string; clientSecret: string };
    kakao?: { clientId: string; clientSecret: string };
    /** Tests only: a fake provider's base address (see OAUTH_TEST_PROVIDER_URL). */
    testProviderUrl?: string | undefined;
  };
  livekit?: { url: string; apiUrl: string; apiKey: string; apiSecret: string };
  iceServers: IceServer[];
  s3?: { endpoint: string; bucket: string; accessKey: string; secretKey: string; region: string };
  webDistDir: string | undefined;
};

function pair(id: string | undefined, secret: string | undefined) {
  return id && secret ? { clientId: id, clientSecret: secret } : undefined;
}

function parseIceServers(raw: string | undefined): IceServer[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new Error('Invalid configuration:\nICE_SERVERS: not JSON');
  }
  const parsed = z.array(iceServerSchema).safeParse(value);
  if (!parsed.success) {
    throw new Error('Invalid configuration:\nICE_SERVERS: expected an array of RTCIceServer');
  }
  return parsed.data;
}

/** Parses the environment once; nothing else in the server reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.OAUTH_TEST_PROVIDER_URL && e.NODE_ENV === 'production') {
    throw new Error('Invalid configuration:\nOAUTH_TEST_PROVIDER_URL is for tests only');
  }
  const { LIVEKIT_URL: lkUrl, LIVEKIT_API_KEY: lkKey, LIVEKIT_API_SECRET: lkSecret } = e;
  const { S3_ENDPOINT: s3Endpoint, S3_BUCKET: s3Bucket, S3_ACCESS_KEY: s3Key } = e;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicOrigin: (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET,
    logLevel: e.LOG_LEVEL,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    argon2MemoryKib: e.ARGON2_MEMORY_KIB,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
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
  };
}
