import { myTaskGroups, type MyTask, type MyTaskGroup } from '@teamup/contracts/my-tasks';
import { groupRanks, type GroupRank, type MyTaskRow } from './my-tasks.repo';

const groupOfRank = new Map<GroupRank, MyTaskGroup>(
  myTaskGroups.map((group) => [groupRanks[group], group]),
);

export function presentMyTask(row: MyTaskRow): MyTask {
  return {
    id: row.id,
    subject: row.subject,
    deadline: row.deadline,
    group: groupOfRank.get(row.rank) ?? 'NO_DATE',
    done: row.done,
    isApproved: row.isApproved,
    completionRequested: row.completionRequested,
    rejected: row.rejected,
    list: { id: row.listId, name: row.listName, isDoneList: row.listIsDone },
    team: { id: row.teamId, name: row.teamName },
    workspace: { id: row.workspaceId, name: row.workspaceName },
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
