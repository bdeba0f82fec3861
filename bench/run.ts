/**
 * Benchmarks (npm run bench). Each prints its figures; docs/performance.md records them with the
 * machine they ran on. Not tests: nothing here fails a build.
 */
import os from 'node:os';
import { benchAccounts } from './accounts.bench';
import { benchCalendarMonth } from './calendar-month.bench';
import { benchChat } from './chat.bench';
import { benchClassOverview } from './class-overview.bench';
import { benchChatList } from './chat-list.bench';
import { benchChatScale } from './chat-scale.bench';
import { benchClassContribution } from './class-contribution.bench';
import { benchDigestRun } from './digest-run.bench';
import { benchHandoff } from './handoff.bench';
import { benchMeetingMesh } from './meeting-mesh.bench';
import { benchIcsFeed, benchMyTasks } from './my-tasks.bench';
import { benchPushFanout } from './push-fanout.bench';
import { benchRatios } from './ratios.bench';
import { benchSearch } from './search.bench';
import { benchSearchCost } from './search-cost.bench';
import { benchSendStalls } from './send-stalls.bench';
import { benchStart } from './start.bench';
import { benchUploads } from './uploads.bench';
import { benchFirstLoad, benchLighthouse } from './web.bench';

console.log(
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`,
);
// `npm run bench -- uploads` runs only the named ones.
const benches = {
  accounts: benchAccounts,
  uploads: benchUploads,
  chat: benchChat,
  'chat-list': benchChatList,
  'chat-scale': benchChatScale,
  start: benchStart,
  'first-load': benchFirstLoad,
  lighthouse: benchLighthouse,
  handoff: benchHandoff,
  ratios: benchRatios,
  search: benchSearch,
  'search-cost': benchSearchCost,
  'send-stalls': benchSendStalls,
  'digest-run': benchDigestRun,
  'push-fanout': benchPushFanout,
  'my-tasks': benchMyTasks,
  'ics-feed': benchIcsFeed,
  'calendar-month': benchCalendarMonth,
  'class-contribution': benchClassContribution,
  'class-overview': benchClassOverview,
  'meeting-mesh': benchMeetingMesh,
};
const chosen = process.argv.slice(2);
for (const [name, bench] of Object.entries(benches)) {
  if (chosen.length === 0 || chosen.includes(name)) await bench();
}
