import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { ko } from '../i18n/ko';
import { ErrorAlert } from './error-alert';

export interface ConfirmByTypingProps {
  /** What must be typed exactly (the team's or the workspace's name). */
  expected: string;
  /** The input's label, naming what to type. */
  label: string;
  /** Said when what was typed can no longer become `expected`. */
  mismatch: string;
  /** The red button's text. */
  confirmLabel: string;
  /** Called with the typed text once it matches (button or Enter). */
  onConfirm: (typed: string) => void;
  pending?: boolean;
  /** The server's refusal, shown above the buttons. */
  failure?: string | null;
  /** Shown above the input: what will be lost. */
  warning?: ReactNode;
  /** When given, a cancel button is shown beside the confirm button. */
  onCancel?: () => void;
  /** Focus the input when shown (inside a modal: Mantine's data-autofocus). */
  autoFocus?: boolean;
  inputTestId?: string;
  buttonTestId?: string;
}

/**
 * A destructive action confirmed by typing a name: the red button stays disabled until the
 * typed text matches exactly, Enter confirms only then, and a typo that can no longer match is
 * pointed out at once. Used by team delete and workspace delete alike.
 */
export function ConfirmByTyping({
  expected,
  label,
  mismatch,
  confirmLabel,
  onConfirm,
  pending = false,
  failure = null,
  warning,
  onCancel,
  autoFocus = false,
  inputTestId,
  buttonTestId,
}: ConfirmByTypingProps) {
  const [typed, setTyped] = useState('');
  const hintId = useId();
  const matches = typed === expected;
  // Only a real typo is flagged: a correct start of the name is still on its way.
  const wrong = typed.length > 0 && !expected.startsWith(typed);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (matches && !pending) onConfirm(typed);
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {warning}
        <TextInput
          label={label}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          error={wrong ? mismatch : undefined}
          autoComplete="off"
          spellCheck={false}
          disabled={pending}
          aria-describedby={matches ? undefined : hintId}
          {...(autoFocus ? { 'data-autofocus': true } : {})}
          data-testid={inputTestId}
          data-matches={matches}
        />
        <ErrorAlert message={failure} />
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={pending}>
              {ko.common.cancel}
            </Button>
          )}
          <Button
            type="submit"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            disabled={!matches}
            loading={pending}
            data-testid={buttonTestId}
          >
            {confirmLabel}
          </Button>
        </Group>
        {!matches && (
          <span id={hintId} hidden>
            {ko.common.typeToConfirm}
          </span>
        )}
      </Stack>
    </form>
  );
}
