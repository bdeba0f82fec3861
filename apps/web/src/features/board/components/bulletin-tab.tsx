import { useState } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPencilPlus } from '@tabler/icons-react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { boardKo } from '../../../i18n/ko/board';
import { COMMENT_PARAM, parsePostParam, POST_PARAM } from '../lib/post-param';
import { PostDetail } from './post-detail';
import { PostFormModal } from './post-form-modal';
import { PostList } from './post-list';
import { useTeamReadOnly } from '../../../lib/team-read-only';

interface BulletinTabProps {
  teamId: number;
  /** The team's bulletinBoardId (see bulletinBoardIdOf). */
  boardId: number;
  /** The signed-in user: author-only actions are shown on their own posts and comments. */
  userId: number | undefined;
}

/** Router state of an entry pushed by opening a post from the list. */
interface OpenedFromList {
  fromPostList: true;
}

function isOpenedFromList(state: unknown): state is OpenedFromList {
  return typeof state === 'object' && state !== null && 'fromPostList' in state;
}

/**
 * The bulletin tab (spec 02 section 2): the post list, or the open post when the address names
 * one (`?tab=bulletin&post=12`), so reloading and the browser's back button keep working.
 */
export function BulletinTab({ teamId, boardId, userId }: BulletinTabProps) {
  const readOnly = useTeamReadOnly();
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const postId = parsePostParam(searchParams.get(POST_PARAM));
  const commentId = parsePostParam(searchParams.get(COMMENT_PARAM));
  const [page, setPage] = useState(0);
  const [creating, setCreating] = useState(false);

  const handleOpen = (id: number) => {
    const state: OpenedFromList = { fromPostList: true };
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(POST_PARAM, String(id));
        return next;
      },
      { state },
    );
  };

  const handleBack = () => {
    // Opened from the list: step back to it, so the browser's history stays as it was.
    if (isOpenedFromList(location.state)) {
      void navigate(-1);
      return;
    }
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(POST_PARAM);
        next.delete(COMMENT_PARAM);
        return next;
      },
      { replace: true },
    );
  };

  const handleDeleted = () => {
    setPage(0);
    handleBack();
  };

  if (postId !== null) {
    return (
      <PostDetail
        key={postId}
        postId={postId}
        teamId={teamId}
        userId={userId}
        onBack={handleBack}
        onDeleted={handleDeleted}
        focusCommentId={commentId}
      />
    );
  }

  return (
    <Stack gap="md" data-testid="team-panel-bulletin">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={2} fz="h4">
          {boardKo.posts.heading}
        </Title>
        {!readOnly && (
          <Button
            leftSection={<IconPencilPlus size={16} />}
            onClick={() => setCreating(true)}
            data-testid="post-create-button"
          >
            {boardKo.posts.create}
          </Button>
        )}
      </Group>
      <PostList
        teamId={teamId}
        boardId={boardId}
        page={page}
        onPageChange={setPage}
        onOpen={handleOpen}
      />
      <PostFormModal
        teamId={teamId}
        boardId={boardId}
        opened={creating}
        editing={null}
        onClose={() => setCreating(false)}
        onCreated={() => setPage(0)}
      />
    </Stack>
  );
}
