import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { commentInputSchema } from '@teamup/contracts/board';
import { Limits } from '@teamup/contracts/limits';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { useCreateComment } from '../api/create-comment';
import { boardErrorMessage } from '../lib/board-errors';
import { submitOnModEnter } from './board-text-modal';

interface CommentFormProps {
  postId: number;
  /** Called once the comment is added, to show the page that holds it. */
  onCreated: () => void;
}

/** The box that adds a comment; Ctrl+Enter (⌘+Enter) sends it. */
export function CommentForm({ postId, onCreated }: CommentFormProps) {
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateComment();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = commentInputSchema.safeParse({ content });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    create.mutate(
      { postId, body: { content } },
      {
        onSuccess: () => {
          setContent('');
          onCreated();
        },
      },
    );
  };

  const failure = create.error
    ? boardErrorMessage(create.error, ko.board.comments.createFailed)
    : null;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="xs">
        <Textarea
          aria-label={ko.board.comments.inputLabel}
          placeholder={ko.board.comments.placeholder}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={Limits.commentMax}
          value={content}
          onChange={(event) => setContent(event.currentTarget.value)}
          onKeyDown={submitOnModEnter}
          data-testid="comment-input"
        />
        <ErrorAlert message={problem ?? failure} />
        <Group justify="flex-end">
          <Button
            type="submit"
            size="sm"
            leftSection={<IconSend size={14} />}
            loading={create.isPending}
            data-testid="comment-submit"
          >
            {ko.board.comments.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
