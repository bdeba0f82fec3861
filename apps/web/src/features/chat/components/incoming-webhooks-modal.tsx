import { useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Button,
  Code,
  CopyButton,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconPlus, IconTrash, IconWebhook } from '@tabler/icons-react';
import {
  createIncomingWebhookSchema,
  WebhookLimits,
  type CreatedIncomingWebhook,
  type IncomingWebhook,
} from '@teamup/contracts/webhooks';
import { useConfirmAction } from '../../../components/confirm-action';
import { ErrorAlert } from '../../../components/error-alert';
import { SecretShownOnce } from '../../../components/secret-shown-once';
import { webhooksKo } from '../../../i18n/ko/webhooks';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { errorMessage } from '../../../lib/error-message';
import {
  useCreateIncomingWebhook,
  useDeleteIncomingWebhook,
  useIncomingWebhooks,
} from '../api/incoming-webhooks';
import type { RoomRef } from '../api/room-messages';

const t = webhooksKo.incoming;

const MODAL_STACK_ID = 'incoming-webhooks';
const CONFIRM_STACK_ID = 'incoming-webhooks-confirm';
const PHONE_QUERY = '(max-width: 36em)';

/** The address as a caller outside would use it: the server may answer a path under the site. */
function absoluteUrl(url: string): string {
  try {
    return new URL(url, window.location.origin).href;
  } catch {
    return url;
  }
}

/** The URL just made: shown this once (the server keeps only its hash), with a curl to try it. */
function CreatedUrl({ created }: { created: CreatedIncomingWebhook }) {
  const url = absoluteUrl(created.url);
  const example = t.example(url);
  return (
    <Stack gap="xs">
      <SecretShownOnce
        notice={t.shownOnce}
        label={t.urlLabel}
        value={url}
        copyLabel={t.copy}
        copiedLabel={t.copied}
        monospace
        testIds={{ box: 'incoming-webhook-created', value: 'incoming-webhook-url' }}
        actions={
          <CopyButton value={example}>
            {({ copied, copy }) => (
              <Button variant="default" leftSection={<IconCopy size={16} />} onClick={copy}>
                {copied ? t.copied : t.copyExample}
              </Button>
            )}
          </CopyButton>
        }
      />
      <Text size="sm" fw={500}>
        {t.exampleLabel}
      </Text>
      <Code
        block
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        data-testid="incoming-webhook-example"
      >
        {example}
      </Code>
    </Stack>
  );
}

function WebhookRow({ webhook, onDelete }: { webhook: IncomingWebhook; onDelete: () => void }) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="incoming-webhook-row">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {webhook.name}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {[
              t.createdBy(webhook.createdBy.name),
              t.createdAt(formatDate(webhook.createdAt)),
              webhook.lastUsedAt ? t.lastUsed(formatDateTime(webhook.lastUsedAt)) : t.neverUsed,
            ].join(' · ')}
          </Text>
        </Stack>
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          leftSection={<IconTrash size={14} />}
          onClick={onDelete}
          aria-label={t.deleteOf(webhook.name)}
          style={{ flexShrink: 0 }}
          data-testid="incoming-webhook-delete"
        >
          {t.delete}
        </Button>
      </Group>
    </Paper>
  );
}

function IncomingWebhooks({
  room,
  confirm,
}: {
  room: RoomRef;
  confirm: ReturnType<typeof useConfirmAction>['confirm'];
}) {
  const webhooks = useIncomingWebhooks(room, true);
  const create = useCreateIncomingWebhook(room);
  const remove = useDeleteIncomingWebhook(room);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedIncomingWebhook | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const handleCreate = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = createIncomingWebhookSchema.safeParse({ name });
    if (!parsed.success) {
      setFormError(parsed.error.issues[0]?.message ?? t.actionFailed);
      return;
    }
    create.mutate(parsed.data.name, {
      onSuccess: (made) => {
        setCreated(made);
        setName('');
        notifications.show({ color: 'teal', message: t.created(made.name) });
      },
      onError: (error) => setFormError(errorMessage(error, { fallback: t.actionFailed })),
    });
  };

  const confirmDelete = (webhook: IncomingWebhook) =>
    confirm({
      title: t.deleteTitle,
      message: t.deleteConfirm(webhook.name),
      confirmLabel: t.delete,
      onConfirm: () =>
        remove.mutate(webhook.id, {
          onSuccess: () => {
            if (created?.id === webhook.id) setCreated(null);
            notifications.show({ color: 'teal', message: t.deleted });
          },
          onError: (error) =>
            notifications.show({
              color: 'red',
              message: errorMessage(error, { fallback: t.actionFailed }),
            }),
        }),
    });

  if (webhooks.isPending) return <Loader size="sm" role="status" aria-label={t.loading} />;
  if (webhooks.isError) {
    return <ErrorAlert message={errorMessage(webhooks.error, { fallback: t.loadFailed })} />;
  }
  const atLimit = webhooks.data.length >= WebhookLimits.incomingPerRoom;
  return (
    <Stack gap="sm" data-testid="incoming-webhooks">
      <Text size="sm">{t.hint}</Text>
      <Text size="sm" c="dimmed">
        {t.warning}
      </Text>
      {created && <CreatedUrl created={created} />}
      {webhooks.data.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="incoming-webhooks-empty">
          {t.empty}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {webhooks.data.map((webhook) => (
            <WebhookRow
              key={webhook.id}
              webhook={webhook}
              onDelete={() => confirmDelete(webhook)}
            />
          ))}
        </Stack>
      )}
      <Paper withBorder radius="md" p="sm" component="form" onSubmit={handleCreate} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t.nameLabel}
            description={t.nameHint}
            placeholder={t.namePlaceholder}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={WebhookLimits.nameMax}
            required
            data-testid="incoming-webhook-name"
          />
          <ErrorAlert message={formError} />
          {atLimit && (
            <Text size="sm" c="dimmed" data-testid="incoming-webhooks-limit">
              {t.limit}
            </Text>
          )}
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="xs" c="dimmed">
              {t.count(webhooks.data.length)}
            </Text>
            <Button
              type="submit"
              leftSection={<IconPlus size={16} />}
              loading={create.isPending}
              disabled={atLimit || name.trim() === ''}
              data-testid="incoming-webhook-create"
            >
              {t.create}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

/**
 * 수신 웹훅 of a group room (issue 46), for its creator and the workspace's owner and admins:
 * the bots that may post into it, a new one's secret URL shown once, each deleted after a
 * confirmation. Its confirm dialog is stacked above it, so Escape closes only the top one.
 */
export function IncomingWebhooksModal({
  room,
  opened,
  onClose,
}: {
  room: RoomRef;
  opened: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery(PHONE_QUERY);
  const { confirm, confirmElement } = useConfirmAction({ stackId: CONFIRM_STACK_ID });
  return (
    <Modal.Stack>
      <Modal
        stackId={MODAL_STACK_ID}
        opened={opened}
        onClose={onClose}
        fullScreen={phone}
        size="lg"
        title={t.title}
        attributes={{ content: { 'data-testid': 'incoming-webhooks-modal' } }}
      >
        {opened && <IncomingWebhooks room={room} confirm={confirm} />}
      </Modal>
      {confirmElement}
    </Modal.Stack>
  );
}

/** The room header's 웹훅 button and the dialog it opens. */
export function IncomingWebhooksButton({ room }: { room: RoomRef }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={t.button}
        title={t.button}
        onClick={() => setOpened(true)}
        data-testid="chat-webhooks-button"
      >
        <IconWebhook size={18} aria-hidden />
      </ActionIcon>
      <IncomingWebhooksModal room={room} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
