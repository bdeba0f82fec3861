import { hash, verify, type Algorithm } from '@node-rs/argon2';

// The package's Algorithm is an ambient const enum, which verbatimModuleSyntax cannot read.
const ARGON2ID = 2 as Algorithm.Argon2id;

/** argon2id at OWASP's minimum or above (19 MiB, t=2, p=1); long passwords are never truncated. */
export class PasswordHasher {
  constructor(private readonly memoryKib: number) {}

  hash(password: string): Promise<string> {
    return hash(password, {
      algorithm: ARGON2ID,
      memoryCost: this.memoryKib,
      timeCost: 2,
      parallelism: 1,
    });
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }
}
