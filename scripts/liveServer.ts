/**
 * Starts the real server (`node --import tsx server/main.ts`) with the built app on a free port and a fresh
 * data folder, and launches Debian's Chromium: shared by the end-to-end tests and the bundle benchmark.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib/v1';
import { chromium, type Browser } from 'playwright-core';

export type LiveServer = {
  /** `http://localhost:PORT`: `localhost`, not 127.0.0.1, so Chromium keeps the `Secure` refresh cookie. */
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Everything the server printed so far, for failure messages. */
  output: () => string;
  /** Stops the server; its data folder is removed unless `keepData`. */
  stop: (options?: { keepData?: boolean }) => Promise<void>;
};

export type LiveServerOptions = {
  /** Extra environment for the server, e.g. shorter timeouts for one test. */
  env?: Record<string, string>;
  /** How long start-up (migrations, demo seed) may take. */
  readyTimeoutMs?: number;
  /**
   * A data folder to start from instead of an empty one (copied, never changed): see `prepareDataTemplate`. Defaults to
   * the folder named by `TAMEIO_DATA_TEMPLATE`, which the end-to-end tests' global setup sets for the run.
   */
  template?: string;
};

/** The environment variable through which the end-to-end run hands its data template to every test server. */
export const dataTemplateVariable = 'TAMEIO_DATA_TEMPLATE';

const root = path.resolve(import.meta.dirname, '..');
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}: apt-get install -y chromium (see .ci/run)`);
  }
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}

/** A port nobody listens on right now, on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startLiveServer(options: LiveServerOptions = {}): Promise<LiveServer> {
  if (!existsSync(path.join(root, 'dist/web/index.html'))) {
    throw new Error('dist/web/index.html is missing: run `npm run build` before the end-to-end tests.');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tameio-e2e-'));
  const template = options.template ?? process.env[dataTemplateVariable];
  if (template) cpSync(template, dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: 'localhost',
    PORT: String(port),
    DATA_DIR: dataDir,
    // A proof of work that solves in well under a second, so the widget never slows a test.
    ALTCHA_MAX_NUMBER: '1000',
    // A throwaway folder: no fsync per commit (ADR 019).
    EMBEDDED_FSYNC: 'off',
    ...options.env,
  };
  // The end-to-end runs always use the embedded database; PostgreSQL is the API tests' business.
  delete env.DATABASE_URL;

  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const baseUrl = `http://localhost:${port}`;
  const stop = async ({ keepData = false }: { keepData?: boolean } = {}) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(killer);
    }
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    else if (child.exitCode !== 0) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(
        `the server did not shut down cleanly (${child.exitCode ?? child.signalCode}):\n${output}`,
      );
    }
  };

  // Ready means the app page and the API both answer, which a printed line alone does not prove.
  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(
        `the server exited during start-up (${child.exitCode ?? child.signalCode}):\n${output}`,
      );
    }
    try {
      const [page, config] = await Promise.all([
        fetch(`${baseUrl}/login`),
        fetch(`${baseUrl}/api/openapi.json`),
      ]);
      if (page.ok && config.ok) return { baseUrl, port, dataDir, output: () => output, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the server was not ready within ${options.readyTimeoutMs ?? 120_000} ms:\n${output}`);
}

/**
 * A data folder as the first `npm start` leaves it (migrated, demo merchants seeded, keys generated), made by starting
 * the real server once and stopping it cleanly. Each test server copies it instead of migrating and seeding again: the
 * same state, seconds sooner. The caller removes the folder.
 */
export async function prepareDataTemplate(): Promise<string> {
  const server = await startLiveServer({ template: '' });
  await server.stop({ keepData: true });
  return server.dataDir;
}

/**
 * The real sign-in over HTTP, as a client would do it: password with a solved bot check, a code by email read from
 * the sandbox outbox, the code. Returns the access token; any refusal throws with the server's answer.
 */
export async function signInOverHttp(base: string, email: string, password: string): Promise<string> {
  const json = async (response: Response) => {
    const body = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${response.url}: ${response.status} ${JSON.stringify(body)}`);
    return body;
  };
  const post = (route: string, body: unknown) =>
    fetch(`${base}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(json);
  const challenge = (await fetch(`${base}/api/altcha/challenge/`).then(json)) as {
    algorithm: string;
    challenge: string;
    salt: string;
    signature: string;
    maxnumber: number;
  };
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error('unsolvable challenge');
  const altcha = Buffer.from(
    JSON.stringify({ ...challenge, number: solution.number, maxnumber: undefined }),
  ).toString('base64');
  const init = await post('/api/merchants/accounts/initialize_login/', { email, password, altcha });
  await post('/api/merchants/accounts/send_login_otp/', { login_token: init.login_token, method: 'email' });
  const outbox = (await fetch(`${base}/api/sandbox/outbox/?to=${encodeURIComponent(email)}`).then(json)) as {
    messages: { body: string }[];
  };
  const code = /\b(\d{6})\b/.exec(outbox.messages[0]?.body ?? '')?.[1];
  const done = await post('/api/merchants/accounts/otp_login/', { login_token: init.login_token, code });
  if (typeof done.access_token !== 'string') throw new Error(`sign-in failed: ${JSON.stringify(done)}`);
  return done.access_token;
}
