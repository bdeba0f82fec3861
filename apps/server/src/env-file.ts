import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

/** What `.env` gave: the names it set, and those the environment already had (theirs won). */
export type EnvFileResult = { path: string; applied: string[]; environmentWon: string[] };

/**
 * The settings of a `.env` file in the working directory, as `.env.example` invites an admin to
 * write, under the environment's own: a variable already set in the environment keeps its value
 * (as compose and `node --env-file` have it). Null when there is no such file; a file that cannot
 * be read is an error, never silently skipped.
 */
export function applyEnvFile(
  dir: string = process.cwd(),
  env: NodeJS.ProcessEnv = process.env,
): EnvFileResult | null {
  const file = path.join(dir, '.env');
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`${file} could not be read: ${(error as Error).message}`);
  }
  const applied: string[] = [];
  const environmentWon: string[] = [];
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (value === undefined) continue;
    if (env[name] !== undefined) environmentWon.push(name);
    else {
      env[name] = value;
      applied.push(name);
    }
  }
  return { path: file, applied, environmentWon };
}

let processResult: EnvFileResult | null | undefined;

/** `applyEnvFile` for this process, once (the demo reads it before the server it then starts). */
export function applyProcessEnvFile(): EnvFileResult | null {
  if (processResult === undefined) processResult = applyEnvFile();
  return processResult;
}
