import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { Limits } from '@teamup/contracts/limits';
import { ErrorAlert } from '../../../components/error-alert';
import { submitOnModEnter } from '../../../components/submit-on-mod-enter';
import { ko } from '../../../i18n/ko';
import { boardKo } from '../../../i18n/ko/board';
import { validateBoardText, type BoardTextValues } from '../lib/board-text';

interface BoardTextModalProps {
  opened: boolean;
  onClose: () => void;
  heading: string;
  /** Test ids are `{prefix}-form`, `-title-input`, `-content-input` and `-submit`. */
  testIdPrefix: 'announcement' | 'post';
  initialValues?: BoardTextValues;
  submitLabel: string;
  pending: boolean;
  /** The server's refusal, already in Korean. */
  failure: string | null;
  onSubmit: (values: BoardTextValues) => void;
  /** Another check run before sending (the files of a new post); its text stops the send. */
  extraCheck?: () => string | null;
  /** Shown under the buttons while sending (an upload takes a while). */
  pendingText?: string;
  /** More fields under the content (the files of a new post). */
  children?: ReactNode;
}

/**
 * The title and content form of announcements and posts, in a modal: both required ('제목과
 * 내용을 모두 입력해주세요.'), Enter in the title or Ctrl+Enter in the content sends it, Escape
 * closes it unless it is sending.
 */
export function BoardTextModal(props: BoardTextModalProps) {
  const { opened, onClose, heading, testIdPrefix, pending } = props;
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!pending) onClose();
      }}
      title={heading}
      size="lg"
      centered
      closeOnClickOutside={!pending}
      attributes={{ content: { 'data-testid': `${testIdPrefix}-form` } }}
    >
      {/* Mounted only while open, so every opening starts from the given values. */}
      <BoardTextForm {...props} />
    </Modal>
  );
}

function BoardTextForm({
  onClose,
  testIdPrefix,
  initialValues,
  submitLabel,
  pending,
  failure,
  onSubmit,
  extraCheck,
  pendingText,
  children,
}: BoardTextModalProps) {
  const [values, setValues] = useState<BoardTextValues>(
    initialValues ?? { title: '', content: '' },
  );
  const [problem, setProblem] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const refused = validateBoardText(values) ?? extraCheck?.() ?? null;
    setProblem(refused);
    if (!refused) onSubmit(values);
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={boardKo.titleLabel}
          placeholder={boardKo.titlePlaceholder}
          required
          maxLength={Limits.titleMax}
          data-autofocus
          data-testid={`${testIdPrefix}-title-input`}
          value={values.title}
          onChange={(event) => {
            const title = event.currentTarget.value;
            setValues((current) => ({ ...current, title }));
          }}
        />
        <Textarea
          label={boardKo.contentLabel}
          placeholder={boardKo.contentPlaceholder}
          description={boardKo.submitHint}
          required
          autosize
          minRows={5}
          maxRows={14}
          maxLength={Limits.contentMax}
          data-testid={`${testIdPrefix}-content-input`}
          value={values.content}
          onChange={(event) => {
            const content = event.currentTarget.value;
            setValues((current) => ({ ...current, content }));
          }}
          onKeyDown={submitOnModEnter}
        />
        {children}
        <ErrorAlert message={problem ?? failure} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {ko.common.cancel}
          </Button>
          <Button type="submit" loading={pending} data-testid={`${testIdPrefix}-submit`}>
            {submitLabel}
          </Button>
        </Group>
        {pending && pendingText && (
          <Text size="sm" c="dimmed" ta="right" role="status">
            {pendingText}
          </Text>
        )}
      </Stack>
    </form>
  );
}
