import { hash, verify } from '@node-rs/argon2';

export { checkPassword } from '../../schemas/password.schema';

// Argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes, 1 lane.
const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

/** A hash of a random password, verified against when the email is unknown, so both paths cost the same. */
let dummyHash: Promise<string> | undefined;
function getDummyHash(): Promise<string> {
  dummyHash ??= hash(`unknown-user-${Math.random()}`, argon2Options);
  return dummyHash;
}

/** Verifies against the user's hash, or against a dummy one when there is no user, and never throws. */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  const target = storedHash ?? (await getDummyHash());
  try {
    const ok = await verify(target, password);
    return ok && storedHash != null;
  } catch {
    return false;
  }
}

/** Pre-computes the dummy hash so the first unknown-email login is not slower than the others. */
export async function warmUpPasswords(): Promise<void> {
  await getDummyHash();
}
