import { useState, type FormEvent } from 'react';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconKey, IconTrash } from '@tabler/icons-react';
import {
  personalTokenScopes,
  TokenLimits,
  type CreatedPersonalToken,
  type PersonalToken,
  type PersonalTokenScope,
} from '@teamup/contracts/tokens';
import { ErrorAlert } from '../../../components/error-alert';
import { SecretShownOnce } from '../../../components/secret-shown-once';
import { ko } from '../../../i18n/ko';
import { tokensKo as t } from '../../../i18n/ko/tokens';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { errorMessage } from '../../../lib/error-message';
import {
  useCreatePersonalToken,
  usePersonalTokens,
  useRevokePersonalToken,
} from '../api/personal-tokens';

const expiryChoices = [...TokenLimits.expiryDays.map(String), 'never'] as const;

/** The token just made: shown this once (the server keeps only its hash), to copy. */
function CreatedToken({ created }: { created: CreatedPersonalToken }) {
  return (
    <SecretShownOnce
      notice={t.shownOnce}
      label={t.tokenLabel}
      value={created.token}
      copyLabel={t.copy}
      copiedLabel={t.copied}
      monospace
      testIds={{ box: 'personal-token-created', value: 'personal-token-value' }}
    />
  );
}

function TokenRow({
  token,
  now,
  onRevoke,
}: {
  token: PersonalToken;
  /** When the list was read (epoch ms): what expired by then shows 만료됨. */
  now: number;
  onRevoke: () => void;
}) {
  const expired = token.expiresAt !== null && new Date(token.expiresAt).getTime() <= now;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="personal-token-row">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} miw={0}>
          <Group gap={6} wrap="wrap">
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {token.name}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {token.prefix}…
            </Text>
          </Group>
          <Group gap={4} wrap="wrap">
            {token.scopes.map((scope) => (
              <Badge key={scope} size="sm" variant="light">
                {t.scopes[scope]}
              </Badge>
            ))}
            {expired && (
              <Badge size="sm" color="red" variant="light">
                {t.expired}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {[
              t.createdAt(formatDate(token.createdAt)),
              token.lastUsedAt ? t.lastUsed(formatDateTime(token.lastUsedAt)) : t.neverUsed,
              token.expiresAt ? t.expiresAt(formatDate(token.expiresAt)) : t.noExpiry,
            ].join(' · ')}
          </Text>
        </Stack>
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          leftSection={<IconTrash size={14} />}
          onClick={onRevoke}
          aria-label={`${token.name} ${t.revoke}`}
          style={{ flexShrink: 0 }}
          data-testid="personal-token-revoke"
        >
          {t.revoke}
        </Button>
      </Group>
    </Paper>
  );
}

/** 계정 설정 › 개인 액세스 토큰: make a token with scopes and an expiry, list and revoke them. */
export function PersonalTokens() {
  const tokens = usePersonalTokens();
  const create = useCreatePersonalToken();
  const revoke = useRevokePersonalToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<PersonalTokenScope[]>(['read']);
  const [expiry, setExpiry] = useState<(typeof expiryChoices)[number]>('90');
  const [created, setCreated] = useState<CreatedPersonalToken | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const failed = (error: unknown) =>
    notifications.show({
      color: 'red',
      message: errorMessage(error, { fallback: t.actionFailed }),
    });

  const handleCreate = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    create.mutate(
      { name, scopes, expiresInDays: expiry === 'never' ? null : Number(expiry) },
      {
        onSuccess: (made) => {
          setCreated(made);
          setName('');
          notifications.show({ color: 'teal', message: t.created(made.name) });
        },
        onError: (error) => setFormError(errorMessage(error, { fallback: t.actionFailed })),
      },
    );
  };

  const confirmRevoke = (token: PersonalToken) =>
    modals.openConfirmModal({
      title: t.revokeTitle,
      children: <Text size="sm">{t.revokeConfirm(token.name)}</Text>,
      labels: { confirm: t.revoke, cancel: ko.common.cancel },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(token.id, {
          onSuccess: () => {
            if (created?.id === token.id) setCreated(null);
            notifications.show({ color: 'teal', message: t.revoked });
          },
          onError: failed,
        }),
    });

  if (tokens.isPending) return <Loader size="sm" role="status" aria-label={ko.common.loading} />;
  if (tokens.isError)
    return <ErrorAlert message={errorMessage(tokens.error, { fallback: t.loadFailed })} />;
  const atLimit = tokens.data.length >= TokenLimits.perPerson;
  return (
    <Stack gap="sm" data-testid="personal-tokens">
      <Text size="sm">{t.hint}</Text>
      <Text size="sm" c="dimmed">
        {t.secretWarning}
      </Text>
      {created && <CreatedToken created={created} />}
      {tokens.data.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="personal-tokens-empty">
          {t.none}
        </Text>
      ) : (
        <Stack gap="xs">
          {tokens.data.map((token) => (
            <TokenRow
              key={token.id}
              token={token}
              now={tokens.dataUpdatedAt}
              onRevoke={() => confirmRevoke(token)}
            />
          ))}
        </Stack>
      )}
      <Paper withBorder radius="md" p="sm" component="form" onSubmit={handleCreate}>
        <Stack gap="sm">
          <TextInput
            label={t.nameLabel}
            placeholder={t.namePlaceholder}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={TokenLimits.nameMax}
            required
            data-testid="personal-token-name"
          />
          <Checkbox.Group label={t.scopesLabel} value={scopes} onChange={setScopes}>
            <Stack gap={6} mt={4}>
              {personalTokenScopes.map((scope) => (
                <Checkbox
                  key={scope}
                  value={scope}
                  label={t.scopes[scope]}
                  description={t.scopeHints[scope]}
                  data-testid={`personal-token-scope-${scope}`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="personal-token-expiry-label">
              {t.expiryLabel}
            </Text>
            <SegmentedControl
              aria-labelledby="personal-token-expiry-label"
              value={expiry}
              onChange={setExpiry}
              data={expiryChoices.map((choice) => ({
                value: choice,
                label: choice === 'never' ? t.never : t.expiryDays(Number(choice)),
              }))}
              fullWidth
              data-testid="personal-token-expiry"
            />
          </Stack>
          {formError && <ErrorAlert message={formError} />}
          {atLimit && (
            <Text size="sm" c="dimmed">
              {t.limit}
            </Text>
          )}
          <Group>
            <Button
              type="submit"
              leftSection={<IconKey size={16} />}
              loading={create.isPending}
              disabled={atLimit || name.trim() === '' || scopes.length === 0}
              data-testid="personal-token-create"
            >
              {t.create}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
