import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live (docs/engineering.md "Scaling out"): one small interface, a folder under DATA_DIR by default,
 * so an object store can take its place without touching the domain code. Keys are random, never user input.
 */
export type FileStorage = {
  /** Stores the bytes under a new random key and returns it. */
  put: (data: Buffer) => Promise<string>;
  get: (key: string) => Promise<Buffer>;
  /** Removes the file; a missing file is not an error. */
  remove: (key: string) => Promise<void>;
};

const keyPattern = /^[a-f0-9]{32}$/;

function checkedKey(key: string): string {
  if (!keyPattern.test(key)) throw new Error('invalid storage key');
  return key;
}

/** Files in `root`, spread over 256 sub-folders by the key's first two characters. */
export function folderStorage(root: string): FileStorage {
  const fileOf = (key: string) => path.join(root, checkedKey(key).slice(0, 2), key);
  return {
    put: async (data) => {
      const key = randomBytes(16).toString('hex');
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(file, data, { flag: 'wx', mode: 0o600 });
      return key;
    },
    get: async (key) => readFile(fileOf(key)),
    remove: async (key) => rm(fileOf(key), { force: true }),
  };
}

/** The configured storage: `<DATA_DIR>/uploads`. */
export function storageFor(config: { dataDir: string }): FileStorage {
  return folderStorage(path.join(config.dataDir, 'uploads'));
}
