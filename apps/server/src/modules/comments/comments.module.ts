import type { AppModule } from '../../platform/module';

/**
 * Comments, the one capability posts and tasks share (decision 0014): a repository, a presenter,
 * the service each subject module makes its own with `commentService(subject)`, and the rule that
 * only the author changes a comment (comments.policy.ts).
 *
 * It contributes nothing by itself, and that is by design: a comment is reached through its
 * subject (`/posts/{id}/comments`, `/kanban/tasks/{id}/comments/...`; a post's comment also by
 * `/comments/{id}`, the spec's path), so board and kanban register the routes with their own
 * access steps and problem codes; it keeps no files (rows go with their post or task by
 * foreign key); and its search sources join the subject's tables and name the subject in each
 * hit, so board and kanban contribute them. Listed in appModules all the same, so every module
 * folder has the same shape and a hook comments need later has its place.
 */
export const commentsModule: AppModule = {
  name: 'comments',
};
