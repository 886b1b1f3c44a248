import { randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where identity pictures live: DATA_DIR/uploads/kyc, outside the web root (the server only serves the built
 * web app), under random names, readable by the server's user alone. Nothing links a file name to a member
 * except the kyc_images row.
 */
export function kycStorage(dataDir: string) {
  return privateFiles(dataDir, 'kyc');
}

/** Private files of one kind (identity pictures, enquiry pictures) under DATA_DIR/uploads/<kind>, as above. */
export function privateFiles(dataDir: string, kind: string) {
  const dir = path.join(dataDir, 'uploads', kind);
  const fileOf = (name: string) => {
    if (!/^[0-9a-f]{32}$/.test(name)) throw new Error('bad picture file name');
    return path.join(dir, name);
  };
  return {
    dir,
    /** Writes a new file and returns its random name. */
    async save(bytes: Buffer): Promise<string> {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const name = randomBytes(16).toString('hex');
      await writeFile(fileOf(name), bytes, { mode: 0o600, flag: 'wx' });
      return name;
    },
    read: (name: string) => readFile(fileOf(name)),
    /** Removes files; a file already gone is fine (used to undo a refused upload). */
    async remove(names: string[]) {
      await Promise.all(names.map((n) => unlink(fileOf(n)).catch(() => {})));
    },
  };
}

export type KycStorage = ReturnType<typeof kycStorage>;
