import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

const dataDir = mkdtempSync(path.join(tmpdir(), 'tameio-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('the embedded database fsyncs every commit', () => {
  it('unless a throwaway setup turns it off, outside production', () => {
    expect(load({}).embeddedFsync).toBe(true);
    expect(load({ EMBEDDED_FSYNC: 'on' }).embeddedFsync).toBe(true);
    expect(load({ NODE_ENV: 'test', EMBEDDED_FSYNC: 'off' }).embeddedFsync).toBe(false);
    expect(load({ NODE_ENV: 'development', EMBEDDED_FSYNC: 'off' }).embeddedFsync).toBe(false);
  });

  it('refuses to turn it off in production, and refuses a value it does not know', () => {
    expect(() => load({ NODE_ENV: 'production', EMBEDDED_FSYNC: 'off' })).toThrow(/refused in production/);
    expect(() => load({ EMBEDDED_FSYNC: 'no' })).toThrow(/must be "on" or "off"/);
  });
});
