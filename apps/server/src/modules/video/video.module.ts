import type { AppModule } from '../../platform/module';
import { liveRoomControlState } from './live-room';
import { signalPeersState } from './meeting.service';
import { videoRoutes } from './video.routes';
import { endRemovedMembersMeetings, leaveWorkspaceChannels } from './video.service';
import { videoLive } from './video.stomp';

/** Video channels and meetings. */
export const videoModule: AppModule = {
  name: 'video',
  routes: videoRoutes,
  memberRemovalSteps: [leaveWorkspaceChannels],
  reactions: [endRemovedMembersMeetings],
  live: videoLive,
  state: [liveRoomControlState, signalPeersState],
};
