import type { AdminUser } from '@teamup/contracts/admin';

export type UserAction = 'deactivate' | 'reactivate' | 'makeAdmin' | 'removeAdmin';

/**
 * What an admin may do to a person: deactivate or reactivate; make an active person admin, or
 * take the right away. Nothing to oneself: the server refuses deactivating or demoting oneself
 * (ADMIN_SELF), and one is an admin already.
 */
export function actionsFor(person: AdminUser, selfId: number | undefined): UserAction[] {
  if (person.id === selfId) return [];
  const active = person.deactivatedAt === null;
  const actions: UserAction[] = [active ? 'deactivate' : 'reactivate'];
  if (person.role === 'ADMIN') actions.push('removeAdmin');
  else if (active) actions.push('makeAdmin');
  return actions;
}
