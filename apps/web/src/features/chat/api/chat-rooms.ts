// The room list is read by the frame and by search too: it lives in src/lib/queries.
export {
  addToChatRooms,
  chatQueryKey,
  chatRoomListsQueryKey,
  chatRoomsQueryKey,
  chatRoomsQueryOptions,
  fetchChatRooms,
  useChatRooms,
} from '../../../lib/queries/chat-rooms';
