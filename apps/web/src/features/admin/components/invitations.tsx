import { useState, type FormEvent } from 'react';
import { Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconMailPlus, IconX } from '@tabler/icons-react';
import { AdminLimits, type Invitation } from '@teamup/contracts/admin';
import { adminKo } from '../../../i18n/ko/admin';
import { ApiError } from '../../../lib/api-error';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useAdminInvitations } from '../api/invitations';
import { useInvite } from '../api/invite';
import { useAdminSettings } from '../api/settings';
import { useWithdrawInvitation } from '../api/withdraw-invitation';
import { checkInvitations } from '../lib/admin-forms';
import { AdminLoadError } from './admin-states';
import { toastDone, toastFailed } from './admin-toast';

const t = adminKo.invitations;

/** The addresses to invite, one a line or separated by commas. */
function InviteForm() {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const invite = useInvite();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invite.isPending) return;
    const checked = checkInvitations(text);
    if (!checked.ok) {
      setError(checked.errors);
      return;
    }
    setError(null);
    invite.mutate(checked.value, {
      onSuccess: () => {
        setText('');
        toastDone(t.invited(checked.value.length));
      },
      onError: (failure) => {
        const field = failure instanceof ApiError ? failure.fieldErrors[0] : undefined;
        if (field) setError(field.message);
        else toastFailed(t.inviteFailed)(failure);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="admin-invite-form">
      <Stack gap="sm">
        <Textarea
          label={t.emails}
          description={t.emailsHint(AdminLimits.invitationsPerRequest)}
          placeholder={t.emailsPlaceholder}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          autosize
          minRows={3}
          maxRows={10}
          data-testid="admin-invite-emails"
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<IconMailPlus size={16} aria-hidden />}
            loading={invite.isPending}
            disabled={text.trim() === ''}
            data-testid="admin-invite-send"
          >
            {t.invite}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function InvitationStatus({ invitation }: { invitation: Invitation }) {
  return invitation.usedAt ? (
    <Badge variant="light" color="gray" title={formatDateTime(invitation.usedAt)}>
      {t.used}
    </Badge>
  ) : (
    <Badge variant="light" color="blue">
      {t.pending}
    </Badge>
  );
}

/** The invited addresses, newest first; an open invitation can be withdrawn. */
function InvitationList() {
  const invitations = useAdminInvitations();
  const withdraw = useWithdrawInvitation();

  if (invitations.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={adminKo.loading}>
        <Skeleton h={40} />
        <Skeleton h={40} />
      </Stack>
    );
  }
  if (invitations.isError) {
    return (
      <AdminLoadError
        error={invitations.error}
        fallback={t.loadFailed}
        onRetry={() => void invitations.refetch()}
      />
    );
  }
  if (invitations.data.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg" data-testid="admin-invitations-empty">
        <Text ta="center" size="sm" c="dimmed">
          {t.empty}
        </Text>
      </Paper>
    );
  }
  const handleWithdraw = (invitation: Invitation) =>
    withdraw.mutate(invitation.id, {
      onSuccess: () => toastDone(t.withdrawn(invitation.email)),
      onError: toastFailed(t.withdrawFailed),
    });
  return (
    // Five columns do not fit a phone: the table scrolls sideways there.
    <Table.ScrollContainer minWidth={560}>
      <Table
        striped
        verticalSpacing="xs"
        aria-label={t.listLabel}
        data-testid="admin-invitations-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.columns.email}</Table.Th>
            <Table.Th>{t.columns.invitedBy}</Table.Th>
            <Table.Th>{t.columns.invitedAt}</Table.Th>
            <Table.Th>{t.columns.status}</Table.Th>
            <Table.Th>{t.columns.actions}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invitations.data.map((invitation) => (
            <Table.Tr key={invitation.id} data-testid="admin-invitation" data-id={invitation.id}>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {invitation.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={invitation.invitedBy ? undefined : 'dimmed'}>
                  {invitation.invitedBy?.name ?? t.unknownInviter}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" title={formatDateTime(invitation.invitedAt)}>
                  {formatDate(invitation.invitedAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <InvitationStatus invitation={invitation} />
              </Table.Td>
              <Table.Td>
                {!invitation.usedAt && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    leftSection={<IconX size={14} aria-hidden />}
                    aria-label={t.withdrawLabel(invitation.email)}
                    disabled={withdraw.isPending}
                    onClick={() => handleWithdraw(invitation)}
                    data-testid="admin-invitation-withdraw"
                  >
                    {t.withdraw}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** 초대: the form for new invitations above the list of the ones made. */
export function Invitations() {
  const settings = useAdminSettings();
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t.description}
      </Text>
      {settings.data?.registration === 'OPEN' && (
        <Text size="sm" fw={500} data-testid="admin-invite-open-hint">
          {t.openPolicyHint}
        </Text>
      )}
      {settings.data?.registration === 'SSO_ONLY' && (
        <Text size="sm" fw={500} data-testid="admin-invite-sso-only-hint">
          {t.ssoOnlyPolicyHint}
        </Text>
      )}
      <InviteForm />
      <InvitationList />
    </Stack>
  );
}
