import { hash, verify, Algorithm } from '@node-rs/argon2';

/** argon2id at OWASP's minimum cost (19 MiB, 2 passes, 1 lane): ~20 ms per hash on one core. */
export const passwordHashCost = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, passwordHashCost);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** A hash to compare against when the email is unknown, so both failures take the same time. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword('decoy-password-never-matches');
  return decoy;
}
