/*
 * What other modules use of chat (formation makes a team's room, the demo seeds rooms and
 * messages). Chat's own files import the service of each job directly: rooms, members,
 * messages, attachments, read pointers.
 */
export { announceNewGroup, createDm, createGroup, createGroupInTransaction } from './rooms.service';
export { sendMessage } from './messages.service';
