import { useState } from 'react';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  ScrollArea,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { ChatRoomType } from '@teamup/contracts/chat';
import { ChatMessages } from '@teamup/contracts/chat';
import { Limits } from '@teamup/contracts/limits';
import { routes } from '../../../config/paths';
import { ko } from '../../../i18n/ko';
import { chatKo } from '../../../i18n/ko/chat';
import { useWorkspaceMembers } from '../../../lib/queries/workspace-members';
import { useCreateChatRoom } from '../api/create-chat-room';
import { pickableMembers, validateNewChat } from '../lib/new-chat';

const t = chatKo.newChat;

export interface NewChatDialogProps {
  opened: boolean;
  onClose: () => void;
  workspaceId: number;
  myId: number;
  /** The kind the dialog opens with (the section whose plus button opened it). */
  initialKind: ChatRoomType;
}

type NewChatFormProps = Omit<NewChatDialogProps, 'opened'>;

function NewChatForm({ onClose, workspaceId, myId, initialKind }: NewChatFormProps) {
  const navigate = useNavigate();
  const members = useWorkspaceMembers(workspaceId);
  const create = useCreateChatRoom();
  const [kind, setKind] = useState<ChatRoomType>(initialKind);
  const [name, setName] = useState('');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);

  const toggle = (id: number, checked: boolean) => {
    setError(null);
    setSelected((current) =>
      checked
        ? [...current.filter((item) => item !== id), id]
        : current.filter((item) => item !== id),
    );
  };

  const submit = () => {
    const problem = validateNewChat(kind, selected, name);
    if (problem) {
      setError(problem);
      return;
    }
    const otherId = selected[0] as number;
    create.mutate(
      kind === 'PERSONAL'
        ? { type: 'PERSONAL', workspaceId, otherId }
        : { type: 'GROUP', workspaceId, name: name.trim(), memberIds: selected },
      {
        onSuccess: (room) => {
          onClose();
          void navigate(routes.chat.href(workspaceId, room.id));
        },
        onError: () => setError(ChatMessages.createFailed),
      },
    );
  };

  const people = pickableMembers(members.data ?? [], myId, search);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="sm">
        <SegmentedControl
          fullWidth
          aria-label={t.kind}
          value={kind}
          onChange={(value) => {
            setKind(value);
            setError(null);
          }}
          data={[
            { value: 'PERSONAL', label: t.dm },
            { value: 'GROUP', label: t.group },
          ]}
          data-testid="new-chat-kind"
        />
        {kind === 'GROUP' && (
          <TextInput
            label={t.nameLabel}
            placeholder={t.namePlaceholder}
            value={name}
            maxLength={Limits.chatRoomNameMax}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            data-testid="new-chat-name-input"
            data-autofocus
          />
        )}
        <TextInput
          aria-label={t.search}
          placeholder={t.search}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            {t.membersLabel}
          </Text>
          <Text size="xs" c="dimmed" aria-live="polite">
            {t.selected(selected.length)}
          </Text>
        </Group>
        <ScrollArea.Autosize mah="16rem" type="auto" offsetScrollbars>
          {members.isPending ? (
            <Stack gap={6}>
              <Skeleton h={28} />
              <Skeleton h={28} />
            </Stack>
          ) : members.isError ? (
            <Text size="sm" c="red">
              {t.membersFailed}
            </Text>
          ) : people.length === 0 ? (
            <Text size="sm" c="dimmed">
              {search.trim() ? t.noMatch : t.noMembers}
            </Text>
          ) : (
            <Stack gap={8} role="group" aria-label={t.membersLabel}>
              {people.map((person) => (
                <Checkbox
                  key={person.id}
                  checked={selected.includes(person.id)}
                  onChange={(event) => toggle(person.id, event.currentTarget.checked)}
                  label={person.name}
                  description={person.email}
                  data-testid="new-chat-member-option"
                  data-user-id={person.id}
                  styles={{
                    label: { overflowWrap: 'anywhere' },
                    description: { overflowWrap: 'anywhere' },
                  }}
                />
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
        {error && (
          <Text size="sm" c="red" role="alert" data-testid="new-chat-error">
            {error}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {ko.common.cancel}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="new-chat-submit">
            {t.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** New chat (spec 02 section 2): 1:1 with one workspace member, or a named group. */
export function NewChatDialog({ opened, ...props }: NewChatDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={props.onClose}
      title={t.title}
      centered
      attributes={{ content: { 'data-testid': 'new-chat-dialog' } }}
    >
      <NewChatForm {...props} />
    </Modal>
  );
}
