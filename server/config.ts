import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { fieldKeyFrom } from './domain/censorship/encryption.js';
import { normaliseHostKeyFingerprint, type SftpSettings } from './domain/filings/sftp.js';

/** Everything the server reads from its environment, read once at start. */
export interface ServerConfig {
  port: number;
  /** HOST; by default loopback only (127.0.0.1) outside production, every interface in production. */
  host: string;
  /**
   * TRUST_PROXY: the proxies whose X-Forwarded-For is believed (addresses, CIDR ranges or
   * loopback/linklocal/uniquelocal), handed to Fastify's trustProxy; false trusts nobody.
   */
  trustProxy: string[] | false;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  production: boolean;
  jwtSecret: Uint8Array;
  /** AES-256 key for values of ENCRYPTED data settings at rest (FIELD_ENCRYPTION_KEY or kept in dataDir). */
  fieldKey: Buffer;
  jwtTtlSeconds: number;
  refreshTtlSeconds: number;
  magicLinkTtlSeconds: number;
  magicLinkLimitPerAddress: number;
  magicLinkLimitPerClient: number;
  magicLinkLimitWindowSeconds: number;
  appVersion: string;
  logLevel: string;
  /** The OpenID Connect identity provider behind "Continue with Google"; absent when not configured. */
  oidc: OidcConfig | undefined;
  /** SEED_SCALE as given: the demo data created on first start (small, demo or large; checked then). */
  seedScale: string | undefined;
  /** PGLITE_SHARED_BUFFERS: the embedded database's buffer pool (32MB). */
  pgliteSharedBuffers: string;
  /** FLAT_FILE_MAX_BYTES: the largest flat file an upload may carry (1 GiB). */
  flatFileMaxBytes: number;
  /** INGEST_BATCH_ROWS: rows an ingestion run writes per transaction (5,000). */
  ingestBatchRows: number;
  /** COLD_STORAGE_SWEEP_MINUTES: how often organisations with cold storage on are swept (60). */
  coldStorageSweepMinutes: number;
  /** JOB_LEASE_SECONDS: how long a dead worker's job waits before another claims it (the worker's 15 s when unset). */
  jobLeaseSeconds: number | undefined;
  /**
   * FILINGS_OUTBOX_DIR: the submissions folder batch files are written to (DATA_DIR/filings/outbox);
   * FILINGS_ACK_DIR: where FinCEN's acknowledgements are read from (DATA_DIR/filings/acknowledgements).
   */
  filingsOutboxDir: string;
  filingsAckDir: string;
  /**
   * Sending batch files to FinCEN by SFTP, off unless FILINGS_SFTP_HOST is set. Then
   * FILINGS_SFTP_PORT (22), FILINGS_SFTP_USER, FILINGS_SFTP_KEY_FILE (the private key's file: never
   * the key itself in the environment), FILINGS_SFTP_HOST_KEY (the server's host key SHA-256
   * fingerprint, as `ssh-keygen -lf` prints it: required, no unverified host is ever connected to),
   * FILINGS_SFTP_SUBMISSIONS_DIR (submissions) and FILINGS_SFTP_ACK_DIR (acknowledgements), the
   * remote folders. A host without the others refuses to start.
   */
  filingsSftp: SftpSettings | undefined;
  /** FILE_EXPORT_RETENTION_DAYS: how long an export's file is kept after it finished (7 days). */
  fileExportRetentionDays: number;
}

/** What `npm run db:seed` needs: where the database is, the scale asked for, and the key for encrypted values. */
export interface SeedConfig {
  databaseUrl: string | undefined;
  dataDir: string;
  seedScale: string | undefined;
  fieldKey: Buffer;
}

export interface OidcConfig {
  /** The provider's issuer URL; its discovery document is read from /.well-known/openid-configuration. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The connection sessions started through the provider carry (decides how the console renews them). */
  connection: 'google-oauth2' | 'saml';
  /** The provider is the console's active client: the login page sends agents to it at once. */
  active: boolean;
}

/**
 * A positive number, or the fallback when unset or anything else: these tuning settings never stop
 * a start. `finite` refuses Infinity too (a sweep or lease needs a real interval).
 */
function positiveOr<T>(raw: string | undefined, fallback: T, { finite = true } = {}): number | T {
  const value = Number(raw);
  return raw !== undefined && value > 0 && (!finite || Number.isFinite(value)) ? value : fallback;
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

/**
 * The signing secret comes from JWT_SECRET. Without it, outside production, a random secret is kept
 * in DATA_DIR so sessions survive a restart; production refuses to start without one.
 */
function jwtSecretFrom(env: NodeJS.ProcessEnv, dataDir: string, production: boolean): Uint8Array {
  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    return new TextEncoder().encode(env.JWT_SECRET);
  }
  if (production) throw new Error('JWT_SECRET is required when NODE_ENV=production');
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY lists the reverse proxies in front of the server. Unset, empty or "false" trusts no
 * one: the client address is the connection's. "true" and hop counts are refused, because they would
 * believe X-Forwarded-For from whoever connects (Fastify 5 also ignores hop counts).
 */
function trustProxyFrom(env: NodeJS.ProcessEnv): string[] | false {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw || raw === 'false') return false;
  if (raw === 'true')
    throw new Error('TRUST_PROXY=true would believe X-Forwarded-For from any client: list the addresses or CIDR ranges of the proxies instead');
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const valid = (entry: string) => {
    if (PROXY_RANGE_NAMES.has(entry)) return true;
    const [address, prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    if (!family || rest.length) return false;
    if (prefix === undefined) return true;
    const bits = Number(prefix);
    return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
  };
  const invalid = entries.filter((entry) => !valid(entry));
  if (!entries.length || invalid.length) {
    throw new Error(
      `TRUST_PROXY must list the addresses or CIDR ranges of the proxies, separated by commas (or loopback, linklocal, uniquelocal), got "${raw}"`,
    );
  }
  return entries;
}

/** OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together configure the provider; one alone is an error. */
function oidcFrom(env: NodeJS.ProcessEnv): OidcConfig | undefined {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = env;
  if (!issuer && !clientId && !clientSecret) return undefined;
  if (!issuer || !clientId || !clientSecret) throw new Error('OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together');
  if (!URL.canParse(issuer)) throw new Error(`OIDC_ISSUER must be a URL, got "${issuer}"`);
  const connection = env.OIDC_CONNECTION || 'google-oauth2';
  if (connection !== 'google-oauth2' && connection !== 'saml') throw new Error(`OIDC_CONNECTION must be google-oauth2 or saml, got "${connection}"`);
  return { issuer: issuer.replace(/\/$/, ''), clientId, clientSecret, connection, active: env.OIDC_ACTIVE === 'true' };
}

/** The SFTP settings of filing transport (ServerConfig's filingsSftp), or undefined when FILINGS_SFTP_HOST is unset. */
export function filingsSftpFrom(env: NodeJS.ProcessEnv): SftpSettings | undefined {
  const host = env.FILINGS_SFTP_HOST?.trim();
  if (!host) return undefined;
  const rawHostKey = env.FILINGS_SFTP_HOST_KEY?.trim();
  if (!rawHostKey)
    throw new Error(
      "FILINGS_SFTP_HOST_KEY is required with FILINGS_SFTP_HOST: the SFTP server's host key SHA-256 fingerprint (ssh-keygen -lf), so that no unverified host is ever sent a filing",
    );
  const hostKey = normaliseHostKeyFingerprint(rawHostKey);
  if (!hostKey) throw new Error(`FILINGS_SFTP_HOST_KEY must be a SHA-256 host key fingerprint such as SHA256:<43 base64 characters>, got "${rawHostKey}"`);
  const port = intFromEnv(env, 'FILINGS_SFTP_PORT', 22);
  if (port > 65_535) throw new Error(`FILINGS_SFTP_PORT must be a port number, got "${env.FILINGS_SFTP_PORT}"`);
  const username = env.FILINGS_SFTP_USER?.trim();
  if (!username) throw new Error('FILINGS_SFTP_USER is required with FILINGS_SFTP_HOST');
  const keyFile = env.FILINGS_SFTP_KEY_FILE?.trim();
  if (!keyFile) throw new Error('FILINGS_SFTP_KEY_FILE (the file of the SFTP private key) is required with FILINGS_SFTP_HOST');
  if (!existsSync(keyFile)) throw new Error(`FILINGS_SFTP_KEY_FILE names no file: "${keyFile}"`);
  return {
    host,
    port,
    username,
    keyFile: resolve(keyFile),
    hostKey,
    submissionsDir: env.FILINGS_SFTP_SUBMISSIONS_DIR?.trim() || 'submissions',
    acknowledgementsDir: env.FILINGS_SFTP_ACK_DIR?.trim() || 'acknowledgements',
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const port = intFromEnv(env, 'PORT', 3000);
  const dataDir = resolve(env.DATA_DIR || '.data');
  return {
    port,
    // Outside production a plain start answers only on this machine; production listens everywhere.
    host: env.HOST || (production ? '0.0.0.0' : '127.0.0.1'),
    trustProxy: trustProxyFrom(env),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Vigil <no-reply@vigil.invalid>',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    production,
    jwtSecret: jwtSecretFrom(env, dataDir, production),
    fieldKey: fieldKeyFrom(env, dataDir, production),
    jwtTtlSeconds: intFromEnv(env, 'JWT_TTL_SECONDS', 15 * 60),
    refreshTtlSeconds: intFromEnv(env, 'REFRESH_TTL_SECONDS', 12 * 60 * 60),
    magicLinkTtlSeconds: 15 * 60,
    magicLinkLimitPerAddress: intFromEnv(env, 'MAGIC_LINK_LIMIT_PER_ADDRESS', 5),
    magicLinkLimitPerClient: intFromEnv(env, 'MAGIC_LINK_LIMIT_PER_CLIENT', 30),
    magicLinkLimitWindowSeconds: 15 * 60,
    appVersion: env.APP_VERSION || '0.1.0',
    logLevel: env.LOG_LEVEL || 'info',
    oidc: oidcFrom(env),
    seedScale: env.SEED_SCALE || undefined,
    filingsOutboxDir: resolve(env.FILINGS_OUTBOX_DIR || join(dataDir, 'filings', 'outbox')),
    filingsAckDir: resolve(env.FILINGS_ACK_DIR || join(dataDir, 'filings', 'acknowledgements')),
    filingsSftp: filingsSftpFrom(env),
    pgliteSharedBuffers: env.PGLITE_SHARED_BUFFERS?.trim() || '32MB',
    flatFileMaxBytes: positiveOr(env.FLAT_FILE_MAX_BYTES, 1024 ** 3, { finite: false }),
    ingestBatchRows: positiveOr(env.INGEST_BATCH_ROWS, 5000, { finite: false }),
    coldStorageSweepMinutes: positiveOr(env.COLD_STORAGE_SWEEP_MINUTES, 60),
    jobLeaseSeconds: positiveOr(env.JOB_LEASE_SECONDS, undefined),
    fileExportRetentionDays: positiveOr(env.FILE_EXPORT_RETENTION_DAYS, 7),
  };
}

/**
 * The seed command's settings: DATABASE_URL, else the PGlite database in DATA_DIR (default .data);
 * SEED_SCALE; and the key the server will read encrypted values with (FIELD_ENCRYPTION_KEY, or the
 * one kept in DATA_DIR). It reads nothing else, so seeding needs no JWT_SECRET.
 */
export function loadSeedConfig(env: NodeJS.ProcessEnv = process.env): SeedConfig {
  const dataDir = resolve(env.DATA_DIR || '.data');
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    seedScale: env.SEED_SCALE || undefined,
    fieldKey: fieldKeyFrom(env, dataDir, env.NODE_ENV === 'production'),
  };
}
