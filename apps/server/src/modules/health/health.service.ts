import type { Readiness } from '@teamup/contracts/health';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors/app-error';
import { selectOne } from './health.repo';
import { buildInfo } from '../../platform/build-info';

/** How long a part may take to answer before it counts as down. */
const CHECK_TIMEOUT_MS = 2000;

async function answers(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Readiness: a `select 1` on the database and, when REDIS_URL is set, a PING on the bus's Redis
 * connection, both at once. Throws 503 naming what is down.
 */
export async function readiness(ctx: AppContext): Promise<Readiness> {
  const redisConfigured = ctx.config.redisUrl !== undefined;
  const [database, redis] = await Promise.all([
    answers(() => selectOne(ctx.database.db)),
    redisConfigured ? answers(() => ctx.bus.ping()) : Promise.resolve(true),
  ]);
  const down = [...(database ? [] : ['database']), ...(redis ? [] : ['redis'])];
  if (down.length > 0) {
    ctx.logger.warn({ down }, 'readiness check failed');
    throw new AppError(
      503,
      ErrorCode.SERVICE_UNAVAILABLE,
      `응답하지 않는 구성 요소가 있습니다: ${down.join(', ')}`,
    );
  }
  return { database: 'ok', redis: redisConfigured ? 'ok' : 'not-configured', ...buildInfo };
}
