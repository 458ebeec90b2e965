import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { authDefaults, signInLimits, type SignInLimits } from '../schemas/authLimits';
import { defaultUploadLimitBytes } from '../schemas/kyc.schema';

export type Environment = 'development' | 'test' | 'production';

export type Secrets = {
  /** HS256 key for access tokens. */
  jwtSecret: string;
  /** HMAC key that signs ALTCHA challenges. */
  altchaHmacKey: string;
  /** AES-256 key (hex) for card data at rest (server/cards/secrets.ts). */
  cardEncryptionKey: string;
};

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: embedded PGlite in `<dataDir>/pglite`. */
  databaseUrl: string | undefined;
  /** The embedded database fsyncs every commit (ADR 019); only tests and benches may turn it off. */
  embeddedFsync: boolean;
  environment: Environment;
  smtpUrl: string | undefined;
  smsWebhookUrl: string | undefined;
  demoPassword: string;
  accessTokenTtlSeconds: number;
  refreshTtlSeconds: number;
  idleTimeoutSeconds: number;
  idleWarningSeconds: number;
  otpTtlSeconds: number;
  otpResendCooldownSeconds: number;
  otpMaxAttempts: number;
  loginTicketTtlSeconds: number;
  /** How long a step-up grant (a fresh one-time code) stays good for its one action. */
  stepUpGrantTtlSeconds: number;
  altchaMaxNumber: number;
  altchaTtlSeconds: number;
  loginRateLimitPerMinute: number;
  /** How sign-in is slowed and limited (schemas/authLimits.ts, ADR 020); tests shorten them. */
  signInLimits: SignInLimits;
  bodyLimitBytes: number;
  /** Largest uploaded onboarding document (UPLOAD_LIMIT_BYTES, default 10 MB). */
  uploadLimitBytes: number;
  /** VIES VAT registry endpoint (VIES_URL); unset: VAT numbers are only checked for format. */
  viesUrl: string | undefined;
  /** The app's public origin, for links in emails (APP_URL; default http://localhost:PORT). */
  appUrl: string;
  /** How long a password reset or create link works. */
  passwordTokenTtlSeconds: number;
  logLevel: string;
  /** Behind a load balancer: take the client address from X-Forwarded-For (for rate limits and the audit). */
  trustProxy: boolean;
  /** Where the built web app lives; served when it exists. */
  webDir: string;
  /**
   * GIF search (server/gifs.ts): GIF_PROVIDER `giphy` or `tenor` with GIF_API_KEY; unset, the bundled set only.
   * GIF_API_BASE_URL replaces the provider's address (tests point it at a local stub); GIF_TIMEOUT_MS (default 2000).
   */
  gifProvider: 'giphy' | 'tenor' | undefined;
  gifApiKey: string | undefined;
  gifApiBaseUrl: string | undefined;
  gifTimeoutMs: number;
  /** The mobile apps on the public /download-app page (APP_STORE_URL, PLAY_STORE_URL; https only). */
  appStoreUrl: string;
  playStoreUrl: string;
  /**
   * /my-addresses: street tiles for the map (MAP_TILE_URL with {z}, {x} and {y}, and MAP_TILE_ATTRIBUTION);
   * unset, the map draws the bundled country outlines only. A Nominatim-compatible geocoder (GEOCODER_URL, called by
   * the server with GEOCODER_TIMEOUT_MS, default 3000) finds streets; unset, the bundled gazetteer finds cities.
   */
  mapTileUrl: string | undefined;
  mapTileAttribution: string | undefined;
  geocoderUrl: string | undefined;
  geocoderTimeoutMs: number;
  secrets: Secrets;
};

/** A tile URL template: http(s) with {z}, {x} and {y} (a typo stops start-up rather than showing a blank map). */
function tileUrlFrom(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  const bad = () => new Error(`MAP_TILE_URL must be an http(s) address with {z}, {x} and {y}, got "${raw}"`);
  if (!['{z}', '{x}', '{y}'].every((part) => raw.includes(part))) throw bad();
  try {
    const url = new URL(raw.replace(/\{[a-z]\}/g, '0'));
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw bad();
  } catch {
    throw bad();
  }
  return raw;
}

function geocoderUrlFrom(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  try {
    const url = new URL(raw);
    if (url.protocol === 'https:' || url.protocol === 'http:') return raw.replace(/\/+$/, '');
  } catch {
    // reported below
  }
  throw new Error(`GEOCODER_URL must be an http(s) address, got "${raw}"`);
}

type Env = Record<string, string | undefined>;

function intFrom(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

/** An https address from the environment (a typo stops start-up rather than reaching a QR code). */
function httpsUrlFrom(env: Env, name: string, fallback: string): string {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an https:// address, got "${raw}"`);
  }
  if (url.protocol !== 'https:') throw new Error(`${name} must be an https:// address, got "${raw}"`);
  return url.toString();
}

function gifProviderFrom(raw: string | undefined): 'giphy' | 'tenor' | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'giphy' || raw === 'tenor') return raw;
  throw new Error(`GIF_PROVIDER must be giphy or tenor, got "${raw}"`);
}

/**
 * EMBEDDED_FSYNC=off spares throwaway databases (the tests' copies, a bench) the fsync of every commit, as `.ci/run`'s
 * scratch PostgreSQL runs with fsync off. Never in production: there a commit is acknowledged only once on disk.
 */
function embeddedFsyncFrom(env: Env, environment: Environment): boolean {
  const raw = env.EMBEDDED_FSYNC;
  if (raw === undefined || raw === '' || raw === 'on') return true;
  if (raw !== 'off') throw new Error(`EMBEDDED_FSYNC must be "on" or "off", not "${raw}".`);
  if (environment === 'production') {
    throw new Error(
      'EMBEDDED_FSYNC=off is refused in production: a payment must be on disk before it is confirmed.',
    );
  }
  return false;
}

function environmentFrom(raw: string | undefined): Environment {
  if (raw === 'production' || raw === 'test') return raw;
  return 'development';
}

/**
 * Secrets from the environment win; otherwise they are generated once into DATA_DIR/keys.json so that tokens
 * and challenges survive a restart of the embedded setup without anyone having to configure anything.
 */
export function loadSecrets(env: Env, dataDir: string): Secrets {
  const file = path.join(dataDir, 'keys.json');
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  const generated: Secrets = {
    jwtSecret: stored.jwtSecret ?? randomBytes(32).toString('base64url'),
    altchaHmacKey: stored.altchaHmacKey ?? randomBytes(32).toString('base64url'),
    cardEncryptionKey: stored.cardEncryptionKey ?? randomBytes(32).toString('hex'),
  };
  const fromEnv = {
    jwtSecret: env.JWT_SECRET,
    altchaHmacKey: env.ALTCHA_HMAC_KEY,
    cardEncryptionKey: env.CARD_ENCRYPTION_KEY,
  };
  const needsWrite = (Object.keys(generated) as (keyof Secrets)[]).some(
    (key) => !fromEnv[key] && !stored[key],
  );
  if (needsWrite) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(generated, null, 2) + '\n', { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return {
    jwtSecret: fromEnv.jwtSecret || generated.jwtSecret,
    altchaHmacKey: fromEnv.altchaHmacKey || generated.altchaHmacKey,
    cardEncryptionKey: fromEnv.cardEncryptionKey || generated.cardEncryptionKey,
  };
}

/**
 * Outside production the server answers the sandbox rails (credit any account, read sign-in codes from the outbox):
 * it listens on loopback unless HOST says otherwise. In production, every interface (behind a load balancer).
 */
function hostFrom(env: Env): string {
  if (env.HOST) return env.HOST;
  return environmentFrom(env.NODE_ENV) === 'production' ? '0.0.0.0' : '127.0.0.1';
}

/** Whether an address to listen on is reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare) || bare === '::ffff:127.0.0.1'
  );
}

/** The warning start-up prints when the sandbox is on and other machines can reach it, or null. */
export function sandboxExposureWarning(config: Pick<Config, 'environment' | 'host' | 'port'>): string | null {
  if (config.environment === 'production' || isLoopbackHost(config.host)) return null;
  return [
    `WARNING: the sandbox is on and listening on ${config.host}:${config.port}, reachable from other machines.`,
    'Anyone who can reach this address can read sign-in codes from the outbox and credit accounts.',
    'Unset HOST (loopback, the default outside production) or set NODE_ENV=production.',
  ].join('\n');
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const config: Config = {
    port: intFrom(env, 'PORT', 3000),
    host: hostFrom(env),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    embeddedFsync: embeddedFsyncFrom(env, environmentFrom(env.NODE_ENV)),
    environment: environmentFrom(env.NODE_ENV),
    smtpUrl: env.SMTP_URL || undefined,
    smsWebhookUrl: env.SMS_WEBHOOK_URL || undefined,
    demoPassword: env.DEMO_PASSWORD || 'Demo-Merchant-2026!',
    accessTokenTtlSeconds: intFrom(env, 'ACCESS_TOKEN_TTL_SECONDS', authDefaults.accessTokenTtlSeconds),
    // SPEC §9: auth cookies last 0.5 day; the same 12 h is the absolute session limit (docs/product.md "Identity and sessions").
    refreshTtlSeconds: intFrom(env, 'REFRESH_TTL_SECONDS', authDefaults.refreshTtlSeconds),
    idleTimeoutSeconds: intFrom(env, 'IDLE_TIMEOUT_SECONDS', authDefaults.idleTimeoutSeconds),
    idleWarningSeconds: intFrom(env, 'IDLE_WARNING_SECONDS', authDefaults.idleWarningSeconds),
    otpTtlSeconds: intFrom(env, 'OTP_TTL_SECONDS', authDefaults.otpTtlSeconds),
    otpResendCooldownSeconds: intFrom(
      env,
      'OTP_RESEND_COOLDOWN_SECONDS',
      authDefaults.otpResendCooldownSeconds,
    ),
    otpMaxAttempts: authDefaults.otpMaxAttempts,
    loginTicketTtlSeconds: intFrom(env, 'LOGIN_TICKET_TTL_SECONDS', authDefaults.loginTicketTtlSeconds),
    stepUpGrantTtlSeconds: intFrom(env, 'STEP_UP_GRANT_TTL_SECONDS', authDefaults.stepUpGrantTtlSeconds),
    altchaMaxNumber: intFrom(env, 'ALTCHA_MAX_NUMBER', 50_000),
    altchaTtlSeconds: intFrom(env, 'ALTCHA_TTL_SECONDS', 600),
    loginRateLimitPerMinute: intFrom(
      env,
      'LOGIN_RATE_LIMIT_PER_MINUTE',
      authDefaults.loginRateLimitPerMinute,
    ),
    signInLimits,
    bodyLimitBytes: intFrom(env, 'BODY_LIMIT_BYTES', 64 * 1024),
    uploadLimitBytes: intFrom(env, 'UPLOAD_LIMIT_BYTES', defaultUploadLimitBytes),
    viesUrl: env.VIES_URL || undefined,
    appUrl: (env.APP_URL || `http://localhost:${intFrom(env, 'PORT', 3000)}`).replace(/\/+$/, ''),
    passwordTokenTtlSeconds: intFrom(env, 'PASSWORD_TOKEN_TTL_SECONDS', authDefaults.passwordTokenTtlSeconds),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    webDir: path.resolve(env.WEB_DIR || 'dist/web'),
    gifProvider: gifProviderFrom(env.GIF_PROVIDER),
    gifApiKey: env.GIF_API_KEY || undefined,
    gifApiBaseUrl: env.GIF_API_BASE_URL || undefined,
    gifTimeoutMs: intFrom(env, 'GIF_TIMEOUT_MS', 2000),
    appStoreUrl: httpsUrlFrom(
      env,
      'APP_STORE_URL',
      'https://apps.apple.com/app/tameio-business/id6740000000',
    ),
    playStoreUrl: httpsUrlFrom(
      env,
      'PLAY_STORE_URL',
      'https://play.google.com/store/apps/details?id=gr.tameio.business',
    ),
    mapTileUrl: tileUrlFrom(env.MAP_TILE_URL),
    mapTileAttribution: env.MAP_TILE_ATTRIBUTION || undefined,
    geocoderUrl: geocoderUrlFrom(env.GEOCODER_URL),
    geocoderTimeoutMs: intFrom(env, 'GEOCODER_TIMEOUT_MS', 3000),
    secrets: loadSecrets(env, dataDir),
  };
  return config;
}
