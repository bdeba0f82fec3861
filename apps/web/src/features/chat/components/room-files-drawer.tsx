import { useEffect, useState } from 'react';
import {
  Button,
  Center,
  Drawer,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconDownload, IconFile, IconFolderOpen } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatRoomFile } from '@teamup/contracts/chat';
import { chatKo } from '../../../i18n/ko/chat';
import { formatDate } from '../../../lib/dates';
import { useLiveEvents } from '../../../lib/live/use-live';
import { roomFilesQueryKey, useRoomFiles, type RoomFilesKind } from '../api/room-files';
import type { RoomRef } from '../api/room-messages';
import { ChatImage, useDownload } from './chat-image';
import classes from './chat.module.css';
import { ImageLightbox } from './image-lightbox';
import { formatFileSize } from '../../../lib/file-size';

const t = chatKo.files;
type Kind = 'all' | RoomFilesKind;

function FileRow({ item }: { item: ChatRoomFile }) {
  const download = useDownload(item.attachment);
  return (
    <li>
      <UnstyledButton className={classes.filesRow} onClick={download} data-testid="chat-files-file">
        <IconFile size={20} aria-hidden style={{ flex: 'none' }} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={500} truncate="end">
            {item.attachment.fileName}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {formatFileSize(item.attachment.size)} ·{' '}
            {t.byline(item.senderName, formatDate(item.sentAt))}
          </Text>
        </div>
        <IconDownload size={16} aria-hidden style={{ flex: 'none' }} />
        {/* Named by what it shows, then what it does (WCAG 2.5.3, issue 41). */}
        <VisuallyHidden>{chatKo.attachment.downloadAction}</VisuallyHidden>
      </UnstyledButton>
    </li>
  );
}

/**
 * Everything shared in the room (the header's 파일 button): images as a thumbnail grid (a click
 * opens them large) and other files as a list with name, size, sender and date, newest first,
 * a page at a time ("더 보기"). Kept fresh by the room's live events while it is open.
 */
export function RoomFilesDrawer({
  room,
  opened,
  onClose,
}: {
  room: RoomRef;
  opened: boolean;
  onClose: () => void;
}) {
  const [kind, setKind] = useState<Kind>('all');
  const [lightbox, setLightbox] = useState<number | null>(null);
  const query = useRoomFiles(room, kind === 'all' ? undefined : kind, opened);
  const queryClient = useQueryClient();

  useLiveEvents((event) => {
    if (!('chatRoomId' in event) || event.chatRoomId !== room.roomId) return;
    const changed =
      (event.type === 'NEW_CHAT_MESSAGE' && event.attachments.length > 0) ||
      event.type === 'CHAT_MESSAGE_DELETED';
    if (changed) void queryClient.invalidateQueries({ queryKey: roomFilesQueryKey(room) });
  });

  // Scrolling to the end of the list loads the next page (the 더 보기 button does the same).
  // A callback ref (state): the drawer may mount the list after the page answer came, and the
  // observer must start whenever the end marker appears, not only when hasNextPage changes.
  const [end, setEnd] = useState<HTMLDivElement | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const element = end;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) {
        void fetchNextPage();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [end, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const images = items.filter((item) => item.attachment.type === 'image');
  const others = items.filter((item) => item.attachment.type !== 'image');

  let body;
  if (query.isPending) {
    body = (
      <Center py="xl" role="status" aria-label={t.loading} data-testid="chat-files-loading">
        <Loader size="sm" />
      </Center>
    );
  } else if (query.isError && items.length === 0) {
    body = (
      <Stack align="center" py="xl" gap="xs">
        <Text size="sm" role="alert">
          {t.failed}
        </Text>
        <Button variant="light" size="xs" onClick={() => void query.refetch()}>
          {t.retry}
        </Button>
      </Stack>
    );
  } else if (items.length === 0) {
    body = (
      <Stack align="center" py="xl" gap="xs" data-testid="chat-files-empty">
        <IconFolderOpen size={32} aria-hidden color="var(--mantine-color-gray-5)" />
        <Text size="sm" c="dimmed">
          {t.empty}
        </Text>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="md">
        {images.length > 0 && (
          <ul className={classes.filesGrid} aria-label={t.images} data-testid="chat-files-images">
            {images.map((item, index) => (
              <li key={item.attachment.id}>
                <UnstyledButton
                  onClick={() => setLightbox(index)}
                  aria-label={chatKo.attachment.openImage(item.attachment.fileName)}
                  title={t.byline(item.senderName, formatDate(item.sentAt))}
                  style={{ display: 'block', width: '100%' }}
                  data-testid="chat-files-image"
                >
                  <ChatImage attachment={item.attachment} className={classes.filesGridImage} />
                </UnstyledButton>
              </li>
            ))}
          </ul>
        )}
        {others.length > 0 && (
          <ul className={classes.filesList} aria-label={t.others} data-testid="chat-files-list">
            {others.map((item) => (
              <FileRow key={item.attachment.id} item={item} />
            ))}
          </ul>
        )}
        {query.hasNextPage && (
          <Button
            variant="light"
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
            data-testid="chat-files-more"
          >
            {t.more}
          </Button>
        )}
        <div ref={setEnd} aria-hidden />
      </Stack>
    );
  }

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(100vw, 28rem)"
      title={t.title}
      closeButtonProps={{ 'aria-label': chatKo.lightbox.close }}
      data-testid="chat-files-drawer"
    >
      <SegmentedControl
        fullWidth
        mb="md"
        value={kind}
        onChange={(value) => {
          setKind(value);
          setLightbox(null);
        }}
        aria-label={t.kindLabel}
        data={[
          { value: 'all', label: t.all },
          { value: 'image', label: t.images },
          { value: 'file', label: t.others },
        ]}
      />
      {body}
      {lightbox !== null && (
        <ImageLightbox
          images={images.map((item) => ({ attachment: item.attachment }))}
          index={Math.min(lightbox, images.length - 1)}
          onIndexChange={setLightbox}
          onClose={() => setLightbox(null)}
        />
      )}
    </Drawer>
  );
}
