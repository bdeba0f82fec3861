import type { SearchHit } from '@teamup/contracts/search';
import { routes } from '../../../config/paths';

/**
 * Where a result opens (decision 0020): its room at the message, the person, or its team's tab with the post or
 * task card open at the comment found.
 */
export function searchHitHref(workspaceId: number, hit: SearchHit): string {
  const { target } = hit;
  if (target.roomId !== undefined) {
    // A message (or a file sent in one) opens its room at the message.
    return routes.chat.href(
      workspaceId,
      target.roomId,
      target.messageId !== undefined ? { message: target.messageId } : undefined,
    );
  }
  if (target.userId !== undefined) return routes.userProfile.href(target.userId);
  if (target.teamId === undefined) return routes.workspace.href(workspaceId);
  const team = (query?: { tab: string; post?: number; task?: number; comment?: number }) =>
    routes.team.href(workspaceId, target.teamId ?? 0, query);
  switch (hit.kind) {
    case 'announcement':
      return team({ tab: 'announcements' });
    case 'post':
    case 'file':
      return team({ tab: 'bulletin', ...(target.postId ? { post: target.postId } : {}) });
    case 'comment':
      return target.postId !== undefined
        ? team({ tab: 'bulletin', post: target.postId, comment: target.commentId })
        : team({ tab: 'kanban', task: target.taskId, comment: target.commentId });
    case 'task':
      return team({ tab: 'kanban', task: target.taskId });
    case 'schedule':
      return team({ tab: 'calendar' });
    default:
      return team();
  }
}
