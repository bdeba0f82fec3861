/**
 * `npm run demo`: seeds demo accounts, their workspace and teams through
 * the app's own services, prints the logins, then starts the normal server on the same DATA_DIR.
 */
import fs from 'node:fs/promises';
import pino from 'pino';
import { loadConfig } from './config';
import { appModules } from './app';
import { createContext } from './context';
import { demoTeamPassword, demoWorkspaceName, seedDemo } from './demo-data';
import { applyProcessEnvFile } from './env-file';

applyProcessEnvFile();
const config = loadConfig();
await fs.mkdir(config.dataDir, { recursive: true });
const logger = pino({ level: 'warn' });
const { context, dispose } = await createContext(config, logger, appModules);
let logins: Array<{ email: string; password: string; name: string }>;
try {
  logins = await seedDemo(context);
} finally {
  await dispose();
}

const rows = logins.map(
  (login) => `  ${login.email.padEnd(28)} ${login.password.padEnd(12)} ${login.name}`,
);
process.stdout.write(
  [
    '',
    'TeamUp demo — 데모 계정 (이메일 / 비밀번호 / 이름):',
    ...rows,
    `워크스페이스: ${demoWorkspaceName} (팀 '발표 준비' 비밀번호: ${demoTeamPassword})`,
    `열기: ${config.publicOrigin}`,
    '',
  ].join('\n'),
);
await import('./main');
