import { useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Badge,
  Group,
  Menu,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  IconDots,
  IconSearch,
  IconShield,
  IconShieldOff,
  IconUserCheck,
  IconUserOff,
} from '@tabler/icons-react';
import {
  AdminLimits,
  adminUserStatusSchema,
  type AdminUser,
  type AdminUserStatus,
} from '@teamup/contracts/admin';
import { useConfirmAction } from '../../../components/confirm-action';
import { Pagination } from '../../../components/pagination';
import { adminKo } from '../../../i18n/ko/admin';
import { useAuth } from '../../../lib/auth/use-auth';
import { formatDate, formatDateTime, formatRelative } from '../../../lib/dates';
import { useDeactivateUser } from '../api/deactivate-user';
import { useReactivateUser } from '../api/reactivate-user';
import { useSetUserRole } from '../api/set-user-role';
import { ADMIN_USER_PAGE_SIZE, useAdminUsers } from '../api/users';
import { AdminLoadError } from './admin-states';
import { actionsFor, type UserAction } from '../lib/user-actions';
import { toastDone, toastFailed } from './admin-toast';
import { CardItem, CardLine, CardList } from '../../../components/card-list';

const t = adminKo.users;

/** How long typing rests before the list is asked for again. */
const SEARCH_DELAY_MS = 300;

const actionIcons: Record<UserAction, ReactNode> = {
  deactivate: <IconUserOff size={16} aria-hidden />,
  reactivate: <IconUserCheck size={16} aria-hidden />,
  makeAdmin: <IconShield size={16} aria-hidden />,
  removeAdmin: <IconShieldOff size={16} aria-hidden />,
};

function ActionsMenu({
  person,
  actions,
  disabled,
  onAction,
}: {
  person: AdminUser;
  actions: UserAction[];
  disabled: boolean;
  onAction: (person: AdminUser, action: UserAction) => void;
}) {
  if (actions.length === 0) return null;
  return (
    <Menu position="bottom-end" width={180} shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t.actionsFor(person.name)}
          disabled={disabled}
          data-testid="admin-user-actions"
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item
            key={action}
            color={action === 'deactivate' ? 'red' : undefined}
            leftSection={actionIcons[action]}
            onClick={() => onAction(person, action)}
            data-testid={`admin-user-${action}`}
          >
            {t[action]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function RoleBadge({ person }: { person: AdminUser }) {
  return (
    <Badge variant="light" color={person.role === 'ADMIN' ? 'grape' : 'gray'}>
      {t.roles[person.role]}
    </Badge>
  );
}

function StatusBadge({ person }: { person: AdminUser }) {
  const active = person.deactivatedAt === null;
  return (
    <Badge
      variant="light"
      color={active ? 'teal' : 'red'}
      title={person.deactivatedAt ? formatDateTime(person.deactivatedAt) : undefined}
      data-testid="admin-user-status"
    >
      {active ? t.active : t.deactivated}
    </Badge>
  );
}

function LastActive({ person }: { person: AdminUser }) {
  if (person.lastActiveAt === null) {
    return (
      <Text size="sm" c="dimmed">
        {t.never}
      </Text>
    );
  }
  return (
    <Text size="sm" title={formatDateTime(person.lastActiveAt)}>
      {formatRelative(person.lastActiveAt)}
    </Text>
  );
}

function NameCell({ person, self }: { person: AdminUser; self: boolean }) {
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="admin-user-name">
        {person.name}
      </Text>
      {self && (
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          ({t.you})
        </Text>
      )}
    </Group>
  );
}

type RowsProps = {
  people: AdminUser[];
  selfId: number | undefined;
  busy: boolean;
  onAction: (person: AdminUser, action: UserAction) => void;
};

/** Wide screens: one row a person. */
function UsersTable({ people, selfId, busy, onAction }: RowsProps) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="admin-users-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.columns.name}</Table.Th>
            <Table.Th>{t.columns.email}</Table.Th>
            <Table.Th>{t.columns.provider}</Table.Th>
            <Table.Th>{t.columns.role}</Table.Th>
            <Table.Th>{t.columns.status}</Table.Th>
            <Table.Th>{t.columns.createdAt}</Table.Th>
            <Table.Th>{t.columns.lastActiveAt}</Table.Th>
            <Table.Th>{t.columns.workspaces}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t.columns.actions}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((person) => (
            <Table.Tr key={person.id} data-testid="admin-user" data-user-id={person.id}>
              <Table.Td>
                <NameCell person={person} self={person.id === selfId} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {person.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{adminKo.providers[person.provider]}</Text>
              </Table.Td>
              <Table.Td>
                <RoleBadge person={person} />
              </Table.Td>
              <Table.Td>
                <StatusBadge person={person} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDate(person.createdAt)}</Text>
              </Table.Td>
              <Table.Td>
                <LastActive person={person} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t.workspaceCount(person.workspaceCount)}</Text>
              </Table.Td>
              <Table.Td>
                <ActionsMenu
                  person={person}
                  actions={actionsFor(person, selfId)}
                  disabled={busy}
                  onAction={onAction}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: one card a person. */
function UserCards({ people, selfId, busy, onAction }: RowsProps) {
  return (
    <CardList>
      {people.map((person) => (
        <CardItem key={person.id} data-testid="admin-user" data-user-id={person.id}>
          <Stack gap={6}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2} miw={0}>
                <NameCell person={person} self={person.id === selfId} />
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {person.email}
                </Text>
              </Stack>
              <ActionsMenu
                person={person}
                actions={actionsFor(person, selfId)}
                disabled={busy}
                onAction={onAction}
              />
            </Group>
            <Group gap={6}>
              <RoleBadge person={person} />
              <StatusBadge person={person} />
            </Group>
            <CardLine label={t.columns.provider}>
              <Text size="sm">{adminKo.providers[person.provider]}</Text>
            </CardLine>
            <CardLine label={t.columns.createdAt}>
              <Text size="sm">{formatDate(person.createdAt)}</Text>
            </CardLine>
            <CardLine label={t.columns.lastActiveAt}>
              <LastActive person={person} />
            </CardLine>
            <CardLine label={t.columns.workspaces}>
              <Text size="sm">{t.workspaceCount(person.workspaceCount)}</Text>
            </CardLine>
          </Stack>
        </CardItem>
      ))}
    </CardList>
  );
}

const statusOptions = adminUserStatusSchema.options.map((status) => ({
  value: status,
  label: t.statuses[status],
}));

/** The page the list is on, kept with the filters it belongs to: new filters start at page 1. */
type Paging = { q: string; status: AdminUserStatus; page: number };

/** 사용자: the people of the instance, searched and narrowed by status, with their actions. */
export function AdminUsers() {
  const { user } = useAuth();
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [status, setStatus] = useState<AdminUserStatus>('ALL');
  const [paging, setPaging] = useState<Paging>({ q: '', status: 'ALL', page: 0 });
  const page = paging.q === q && paging.status === status ? paging.page : 0;
  const list = useAdminUsers({ q, status }, page);

  const deactivate = useDeactivateUser();
  const reactivate = useReactivateUser();
  const setRole = useSetUserRole();
  const busy = deactivate.isPending || reactivate.isPending || setRole.isPending;
  const { confirm, confirmElement } = useConfirmAction();

  const handleAction = (person: AdminUser, action: UserAction) => {
    const done = () => toastDone(t.done[action](person.name));
    const failed = toastFailed(t.actionFailed);
    if (action === 'deactivate') {
      confirm({
        title: t.deactivateTitle,
        message: t.deactivateConfirm(person.name),
        confirmLabel: t.deactivate,
        onConfirm: () => deactivate.mutate(person.id, { onSuccess: done, onError: failed }),
      });
    } else if (action === 'reactivate') {
      reactivate.mutate(person.id, { onSuccess: done, onError: failed });
    } else {
      const role = action === 'makeAdmin' ? 'ADMIN' : 'USER';
      setRole.mutate({ id: person.id, role }, { onSuccess: done, onError: failed });
    }
  };

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label={t.filtersLabel}>
        <TextInput
          label={t.search}
          placeholder={t.searchPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maxLength={AdminLimits.userQueryMax}
          w={{ base: '100%', sm: 280 }}
          size="sm"
          data-testid="admin-user-search"
        />
        <Stack gap={4} w={{ base: '100%', sm: 'auto' }}>
          <Text component="span" size="sm" fw={500} id="admin-user-status-label">
            {t.status}
          </Text>
          <SegmentedControl
            value={status}
            onChange={(value) => {
              const next = adminUserStatusSchema.safeParse(value);
              if (next.success) setStatus(next.data);
            }}
            data={statusOptions}
            aria-labelledby="admin-user-status-label"
            fullWidth
            data-testid="admin-user-status-filter"
          />
        </Stack>
      </Group>
      {list.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={adminKo.loading}>
          <Skeleton h={52} radius="md" />
          <Skeleton h={52} radius="md" />
          <Skeleton h={52} radius="md" />
        </Stack>
      ) : list.isError ? (
        <AdminLoadError
          error={list.error}
          fallback={t.loadFailed}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.content.length === 0 ? (
        <Paper withBorder radius="md" p="xl" data-testid="admin-users-empty">
          <Text ta="center" fw={600}>
            {t.empty}
          </Text>
        </Paper>
      ) : (
        <Stack gap="md" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {wide ? (
            <UsersTable
              people={list.data.content}
              selfId={user?.id}
              busy={busy}
              onAction={handleAction}
            />
          ) : (
            <UserCards
              people={list.data.content}
              selfId={user?.id}
              busy={busy}
              onAction={handleAction}
            />
          )}
          {list.data.totalElements > ADMIN_USER_PAGE_SIZE && (
            <Pagination
              page={page}
              pageSize={ADMIN_USER_PAGE_SIZE}
              totalElements={list.data.totalElements}
              onChange={(next) => setPaging({ q, status, page: next })}
              disabled={list.isFetching}
            />
          )}
        </Stack>
      )}
      {confirmElement}
    </Stack>
  );
}
