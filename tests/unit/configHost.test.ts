import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isLoopbackHost, loadConfig, sandboxExposureWarning } from '../../server/config';

const dataDir = mkdtempSync(path.join(tmpdir(), 'tameio-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('where the server listens', () => {
  it('outside production, on loopback unless HOST says otherwise', () => {
    expect(load({}).host).toBe('127.0.0.1');
    expect(load({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(load({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(load({ NODE_ENV: 'development', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(load({ NODE_ENV: 'development', HOST: 'localhost' }).host).toBe('localhost');
  });

  it('in production, on every interface (behind a load balancer) unless HOST says otherwise', () => {
    expect(load({ NODE_ENV: 'production' }).host).toBe('0.0.0.0');
    expect(load({ NODE_ENV: 'production', HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('tells loopback addresses from the others', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.5', 'tameio.example', '128.0.0.1'])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it('warns when the sandbox is on and reachable from another address, and only then', () => {
    const warning = sandboxExposureWarning({ environment: 'development', host: '0.0.0.0', port: 3000 });
    expect(warning).toContain('WARNING: the sandbox is on');
    expect(warning).toContain('0.0.0.0:3000');
    expect(sandboxExposureWarning({ environment: 'test', host: '192.168.1.10', port: 3000 })).not.toBeNull();
    expect(sandboxExposureWarning({ environment: 'development', host: '127.0.0.1', port: 3000 })).toBeNull();
    expect(sandboxExposureWarning({ environment: 'development', host: 'localhost', port: 3000 })).toBeNull();
    // No sandbox in production: nothing to warn about.
    expect(sandboxExposureWarning({ environment: 'production', host: '0.0.0.0', port: 3000 })).toBeNull();
  });
});
