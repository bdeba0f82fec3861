import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Divider, Group, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { commentTextSchema, type Comment } from '@teamup/contracts/comments';
import { Limits } from '@teamup/contracts/limits';
import { ko } from '../../i18n/ko';
import { useConfirmAction, type ConfirmActionOptions } from '../confirm-action';
import { ErrorAlert } from '../error-alert';
import { Pagination } from '../pagination';
import { submitOnModEnter } from '../submit-on-mod-enter';
import {
  useCommentPage,
  useCreateComment,
  useDeleteComment,
  type CommentEndpoints,
} from './comment-api';
import { CommentItem } from './comment-item';
import { CommentPager } from './comment-pager';
import { pageAfterCommentRemoval, pageOfNewComment } from './comment-paging';
import type { CommentTexts } from './comment-texts';

export interface CommentThreadProps {
  endpoints: CommentEndpoints;
  /** Shown for reading only: no new comment (a class's staff reading a team, issue 45). */
  readOnly?: boolean;
  texts: CommentTexts;
  /** The heading's id, which names the section. */
  headingId: string;
  /**
   * Test ids: `{prefix}-input`, `-submit`, `-item` (and the item's), `{prefix}s-empty`,
   * `-loading`, `-error`, `{prefix}-pager`.
   */
  testIdPrefix: string;
  userId: number | undefined;
  /** The Korean text of a failed call; `fallback` is the action's own failure text. */
  errorMessage: (error: unknown, fallback: string) => string;
  /** Asks before a delete; by default a dialog of its own (one inside a modal passes its stack's). */
  confirm?: (options: ConfirmActionOptions) => void;
  renderAuthor?: (comment: Comment) => ReactNode;
  /**
   * A comment to show (a search result or a notice led here): the thread turns its pages until
   * it is on one, scrolls to it and marks it for a moment.
   */
  focusCommentId?: number | null;
}

/** How long a comment led to stays marked. */
const FOCUS_MARK_MS = 2500;

/**
 * Turns the pages until `commentId` is on the one shown, then scrolls to it and answers its id
 * while it is marked (null otherwise, and when it is on no page: deleted since).
 */
function useFocusedComment(
  commentId: number | null,
  data: { content: Comment[]; totalPages: number } | undefined,
  page: number,
  setPage: (page: number) => void,
): number | null {
  const [seeking, setSeeking] = useState(commentId);
  const [asked, setAsked] = useState(commentId);
  const [marked, setMarked] = useState<number | null>(null);
  // Led to another comment of the same thread: look for that one.
  if (asked !== commentId) {
    setAsked(commentId);
    setSeeking(commentId);
  }
  // Worked out while rendering (the thread's own page state), not in an effect.
  if (seeking !== null && data) {
    if (data.content.some((comment) => comment.id === seeking)) {
      setSeeking(null);
      setMarked(seeking);
    } else if (page < data.totalPages - 1) {
      setPage(page + 1);
    } else {
      setSeeking(null);
    }
  }
  useEffect(() => {
    if (marked === null) return;
    document
      .querySelector(`[data-comment-id="${marked}"]`)
      ?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    const timer = setTimeout(() => setMarked(null), FOCUS_MARK_MS);
    return () => clearTimeout(timer);
  }, [marked]);
  return marked;
}

/** A subject's comments, oldest first, a page at a time; a new comment shows on the last page. */
export function CommentThread({
  endpoints,
  texts,
  headingId,
  testIdPrefix: prefix,
  userId,
  errorMessage,
  confirm: confirmAbove,
  renderAuthor,
  focusCommentId = null,
  readOnly = false,
}: CommentThreadProps) {
  const [page, setPage] = useState(0);
  const comments = useCommentPage(endpoints, page);
  // While another page is on its way the one before stays shown (placeholder): not looked in.
  const marked = useFocusedComment(
    focusCommentId,
    comments.isPlaceholderData ? undefined : comments.data,
    page,
    setPage,
  );
  const remove = useDeleteComment(endpoints);
  const own = useConfirmAction();
  const confirm = confirmAbove ?? own.confirm;
  const total = comments.data?.totalElements ?? 0;
  const totalPages = comments.data?.totalPages ?? 1;

  // The list shrank elsewhere and this page is gone: show the last one there is.
  if (comments.data && !comments.isPlaceholderData && page > totalPages - 1) {
    setPage(Math.max(0, totalPages - 1));
  }

  const handleDelete = (comment: Comment, itemsOnPage: number) =>
    confirm({
      title: texts.deleteTitle,
      message: texts.deleteConfirm,
      confirmLabel: texts.delete,
      onConfirm: () =>
        remove.mutate(comment.id, {
          onSuccess: () => {
            if (texts.deleted) notifications.show({ color: 'teal', message: texts.deleted });
            setPage((current) => pageAfterCommentRemoval(current, itemsOnPage));
          },
          onError: (error) =>
            notifications.show({ color: 'red', message: errorMessage(error, texts.deleteFailed) }),
        }),
    });

  const renderList = () => {
    if (comments.isPending) {
      return (
        <Stack
          gap="xs"
          role="status"
          aria-label={ko.common.loading}
          data-testid={`${prefix}s-loading`}
        >
          <Skeleton height={12} width="40%" />
          <Skeleton height={12} />
        </Stack>
      );
    }
    if (comments.isError) {
      return (
        <Group gap="xs" data-testid={`${prefix}s-error`}>
          <Text size="sm" c="red" role="alert">
            {texts.loadFailed}
          </Text>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => void comments.refetch()}
            loading={comments.isFetching}
          >
            {texts.retry}
          </Button>
        </Group>
      );
    }
    const { content } = comments.data;
    if (content.length === 0) {
      return (
        <Text size="sm" c="dimmed" data-testid={`${prefix}s-empty`}>
          {texts.empty}
        </Text>
      );
    }
    return (
      <Stack
        gap={0}
        component="ul"
        m={0}
        p={0}
        style={{ listStyle: 'none', opacity: comments.isPlaceholderData ? 0.6 : 1 }}
        aria-label={texts.listLabel}
      >
        {content.map((comment, index) => (
          <li
            key={comment.id}
            data-focused={marked === comment.id || undefined}
            style={{
              background: marked === comment.id ? 'var(--mantine-color-yellow-light)' : undefined,
              transition: 'background 400ms ease',
              borderRadius: 'var(--mantine-radius-sm)',
            }}
          >
            {index > 0 && <Divider />}
            <CommentItem
              comment={comment}
              endpoints={endpoints}
              texts={texts}
              testIdPrefix={prefix}
              errorMessage={errorMessage}
              renderAuthor={renderAuthor}
              isAuthor={userId !== undefined && comment.authorId === userId}
              onDelete={() => handleDelete(comment, content.length)}
              deleting={remove.isPending && remove.variables === comment.id}
            />
          </li>
        ))}
      </Stack>
    );
  };

  const current = Math.min(page, totalPages - 1);
  const renderPager = () => {
    if (totalPages <= 1) return null;
    if (texts.pager) {
      return (
        <CommentPager
          page={current}
          totalPages={totalPages}
          onChange={setPage}
          disabled={comments.isPlaceholderData}
          texts={texts.pager}
          testId={`${prefix}-pager`}
        />
      );
    }
    return (
      <Pagination
        page={current}
        pageSize={endpoints.pageSize}
        totalElements={total}
        onChange={setPage}
        disabled={comments.isPlaceholderData}
      />
    );
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={3} fz="md" id={headingId}>
        {texts.heading} ({total})
      </Title>
      {renderList()}
      {renderPager()}
      {!readOnly && (
        <CommentForm
          endpoints={endpoints}
          texts={texts}
          testIdPrefix={prefix}
          errorMessage={errorMessage}
          onCreated={() => setPage(pageOfNewComment(total, endpoints.pageSize))}
        />
      )}
      {!confirmAbove && own.confirmElement}
    </Stack>
  );
}

interface CommentFormProps {
  endpoints: CommentEndpoints;
  texts: CommentTexts;
  testIdPrefix: string;
  errorMessage: (error: unknown, fallback: string) => string;
  /** Called once the comment is added, to show the page that holds it. */
  onCreated: () => void;
}

/** The box that adds a comment; Ctrl+Enter (⌘+Enter) sends it. */
function CommentForm({
  endpoints,
  texts,
  testIdPrefix: prefix,
  errorMessage,
  onCreated,
}: CommentFormProps) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateComment(endpoints);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = commentTextSchema.safeParse(draft);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    create.mutate(draft, {
      onSuccess: () => {
        setDraft('');
        onCreated();
      },
    });
  };

  const failure = create.error ? errorMessage(create.error, texts.createFailed) : null;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="xs">
        <Textarea
          aria-label={texts.inputLabel}
          placeholder={texts.placeholder}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={Limits.commentMax}
          value={draft}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            if (problem) setProblem(null);
            if (create.isError) create.reset();
          }}
          onKeyDown={submitOnModEnter}
          data-testid={`${prefix}-input`}
        />
        <ErrorAlert message={problem ?? failure} />
        <Group justify="flex-end">
          <Button
            type="submit"
            size="sm"
            leftSection={<IconSend size={14} />}
            loading={create.isPending}
            data-testid={`${prefix}-submit`}
          >
            {texts.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
