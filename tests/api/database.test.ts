import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { createDatabase } from '../../server/db/database';

it('an embedded database destroyed before its first query has finished with its folder when destroy resolves', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tameio-unused-'));
  try {
    const db = createDatabase({ dataDir, databaseUrl: undefined });
    await db.destroy();
    // PGlite opened (and closed) its folder before destroy resolved: removing the folder now cannot race with it.
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
