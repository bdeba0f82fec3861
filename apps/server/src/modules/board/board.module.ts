import type { AppModule } from '../../platform/module';
import { announcementRoutes } from './announcements.routes';
import { attachmentRoutes } from './attachments.routes';
import {
  announcementSearch,
  postCommentSearch,
  postFileSearch,
  postSearch,
} from './board.search.repo';
import { boardRoutes } from './board.routes';
import { boardFiles } from './board.service';

/** A team's announcements and bulletin board (posts, comments, attachments). */
export const boardModule: AppModule = {
  name: 'board',
  routes: async (app, ctx, requireAuth) => {
    await announcementRoutes(app, ctx, requireAuth);
    await boardRoutes(app, ctx, requireAuth);
    await attachmentRoutes(app, ctx, requireAuth);
  },
  ownedFiles: [boardFiles],
  searchSources: [announcementSearch, postSearch, postCommentSearch, postFileSearch],
};
