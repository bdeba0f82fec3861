import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Code, Group, List, Modal, Stack, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { ErrorCode } from '@teamup/contracts/error-codes';
import {
  createOutgoingWebhookSchema,
  webhookEvents,
  WebhookLimits,
  type CreatedOutgoingWebhook,
  type OutgoingWebhook,
  type WebhookEvent,
} from '@teamup/contracts/webhooks';
import { ErrorAlert } from '../../../../components/error-alert';
import { SecretShownOnce } from '../../../../components/secret-shown-once';
import { webhooksKo } from '../../../../i18n/ko/webhooks';
import { errorMessage, hasCode } from '../../../../lib/error-message';
import { showSettingsToast } from '../../lib/settings-toast';
import { useCreateOutgoingWebhook, useUpdateOutgoingWebhook } from '../../api/webhooks';

const t = webhooksKo.outgoing;

/** Its place in the settings modal's Modal.Stack (see WorkspaceSettingsModal). */
export const WEBHOOK_FORM_STACK_ID = 'workspace-settings-webhook-form';
const PHONE_QUERY = '(max-width: 36em)';

type Field = 'name' | 'url' | 'events';
type FieldErrors = Partial<Record<Field, string>>;

/** The signing secret, shown this once, with how a receiver checks a delivery with it. */
function CreatedSecret({
  created,
  onDone,
}: {
  created: CreatedOutgoingWebhook;
  onDone: () => void;
}) {
  return (
    <Stack gap="sm">
      <SecretShownOnce
        notice={t.secret.shownOnce}
        label={t.secret.label}
        value={created.secret}
        copyLabel={t.secret.copy}
        copiedLabel={t.secret.copied}
        monospace
        testIds={{ box: 'webhook-secret-created', value: 'webhook-secret-value' }}
      />
      <Stack gap={4} data-testid="webhook-verify-help">
        <Title order={3} size="h6">
          {t.secret.verifyTitle}
        </Title>
        <List type="ordered" size="sm" spacing={4}>
          {t.secret.verifySteps.map((step) => (
            <List.Item key={step} style={{ overflowWrap: 'anywhere' }}>
              {step}
            </List.Item>
          ))}
        </List>
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {t.secret.formula}
        </Code>
      </Stack>
      <Group justify="flex-end">
        <Button onClick={onDone} data-testid="webhook-secret-done">
          {t.form.done}
        </Button>
      </Group>
    </Stack>
  );
}

/** Name, address and events: a new webhook (then its secret) or the one being edited. */
function WebhookForm({
  workspaceId,
  editing,
  onClose,
}: {
  workspaceId: number;
  editing: OutgoingWebhook | null;
  onClose: () => void;
}) {
  const create = useCreateOutgoingWebhook(workspaceId);
  const update = useUpdateOutgoingWebhook(workspaceId);
  const [name, setName] = useState(editing?.name ?? '');
  const [url, setUrl] = useState(editing?.url ?? '');
  const [events, setEvents] = useState<WebhookEvent[]>(editing?.events ?? []);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedOutgoingWebhook | null>(null);

  if (created) return <CreatedSecret created={created} onDone={onClose} />;

  const failed = (error: unknown) => {
    const message = errorMessage(error, { fallback: t.actionFailed });
    if (hasCode(error, ErrorCode.WEBHOOK_URL_REFUSED)) setErrors({ url: message });
    else setFormError(message);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = createOutgoingWebhookSchema.safeParse({ name, url, events });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'name' || field === 'url' || field === 'events') && !next[field]) {
          next[field] = issue.message;
        }
      }
      setErrors(next);
      return;
    }
    setErrors({});
    if (editing) {
      update.mutate(
        { webhookId: editing.id, patch: parsed.data },
        {
          onSuccess: () => {
            showSettingsToast({ color: 'teal', message: t.form.saved });
            onClose();
          },
          onError: failed,
        },
      );
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (made) => {
        setCreated(made);
        showSettingsToast({ color: 'teal', message: t.form.created(made.name) });
      },
      onError: failed,
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="webhook-form">
      <Stack gap="sm">
        <TextInput
          label={t.form.nameLabel}
          placeholder={t.form.namePlaceholder}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={WebhookLimits.nameMax}
          error={errors.name}
          required
          data-autofocus
          data-testid="webhook-name"
        />
        <TextInput
          label={t.form.urlLabel}
          description={t.form.urlHint}
          placeholder={t.form.urlPlaceholder}
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          maxLength={WebhookLimits.urlMax}
          type="url"
          inputMode="url"
          autoComplete="off"
          error={errors.url}
          required
          data-testid="webhook-url"
        />
        <Checkbox.Group
          label={t.form.eventsLabel}
          value={events}
          onChange={(value) => setEvents(webhookEvents.filter((item) => value.includes(item)))}
          error={errors.events}
          required
        >
          <Stack gap={6} mt={4}>
            {webhookEvents.map((item) => (
              <Checkbox
                key={item}
                value={item}
                label={t.form.events[item]}
                data-testid={`webhook-event-${item}`}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <ErrorAlert message={formError} />
        <Group justify="flex-end" gap="sm">
          <Button
            type="submit"
            leftSection={editing ? undefined : <IconPlus size={16} />}
            loading={create.isPending || update.isPending}
            data-testid="webhook-submit"
          >
            {editing ? t.form.save : t.form.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * 웹훅 추가 / 편집 in a dialog above the settings modal (full screen on phones). A new webhook's
 * signing secret replaces the form once it is made: closing the dialog forgets it.
 */
export function WebhookFormModal({
  workspaceId,
  opened,
  editing,
  onClose,
}: {
  workspaceId: number;
  opened: boolean;
  /** The webhook being edited; null adds one. */
  editing: OutgoingWebhook | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery(PHONE_QUERY);
  return (
    <Modal
      stackId={WEBHOOK_FORM_STACK_ID}
      opened={opened}
      onClose={onClose}
      fullScreen={phone}
      size="lg"
      title={editing ? t.form.editTitle : t.form.createTitle}
      attributes={{ content: { 'data-testid': 'webhook-form-modal' } }}
    >
      {opened && (
        <WebhookForm
          key={editing?.id ?? 'new'}
          workspaceId={workspaceId}
          editing={editing}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
