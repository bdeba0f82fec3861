import type { AuthSession } from '@teamup/contracts/auth';
import type { SessionRow } from './auth.repo';

export function presentSession(row: SessionRow, currentSessionId: number): AuthSession {
  return {
    id: row.id,
    current: row.id === currentSessionId,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    clientInfo: row.clientInfo,
    ip: row.ip,
  };
}
