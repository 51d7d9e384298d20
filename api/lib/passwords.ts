// Password hashing (argon2id), shared by sign-in, password changes and anything that asks the password again
// (deleting an account), so no feature imports another's service for it.
export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, { algorithm: 'argon2id' });
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return Bun.password.verify(password, hash).catch(() => false);
}
