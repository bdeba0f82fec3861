/*
 * What other modules use of chat (teams make a team's room and keep its members and name in
 * step with the team, the demo seeds rooms and messages). Chat's own files import the service of each job directly: rooms, members,
 * messages, attachments, read pointers.
 */
export { announceNewGroup, createDm, createGroup, createGroupInTransaction } from './rooms.service';
export { sendMessage } from './messages.service';
export { joinTeamRoom, leaveTeamRoom, renameTeamRoom } from './team-rooms.service';
