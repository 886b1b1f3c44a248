import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id; the package's enum is a const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

/** argon2id, t=2, m=19 MiB, p=1 (OWASP's minimum): ~10-15 ms a hash on this machine, so keep it off hot paths. */
const OPTIONS = { algorithm: ARGON2ID, timeCost: 2, memoryCost: 19 * 1024, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash of a random string, verified against when a user does not exist, so timing does not tell. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('not-a-password-of-anyone');
  return dummy;
}
