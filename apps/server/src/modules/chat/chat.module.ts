import type { AppModule } from '../../platform/module';
import { chatAttachmentRoutes } from './chat-attachments.routes';
import { chatRoutes } from './chat.routes';
import { chatFiles, editHistoryPruning, leaveWorkspaceRooms } from './chat.cleanup';
import { chatFileSearch, messageSearch, roomSearch } from './chat.search.repo';
import { chatLive } from './chat.stomp';
import { textSendsState } from './text-sends';
import { typingHeardState } from './typing.service';

/** Chat rooms of a workspace: messages, attachments, read pointers. */
export const chatModule: AppModule = {
  name: 'chat',
  routes: async (app, ctx, requireAuth) => {
    await chatRoutes(app, ctx, requireAuth);
    await chatAttachmentRoutes(app, ctx, requireAuth);
  },
  memberRemovalSteps: [leaveWorkspaceRooms],
  ownedFiles: [chatFiles],
  live: chatLive,
  searchSources: [messageSearch, chatFileSearch, roomSearch],
  background: editHistoryPruning,
  state: [textSendsState, typingHeardState],
};
