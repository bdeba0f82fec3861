import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { AuditAction, AuditEvent } from '@teamup/contracts/admin';
import { CardItem, CardLine, CardList } from '../../../components/card-list';
import { adminKo } from '../../../i18n/ko/admin';
import { auditDetailItems, formatAuditTime, isDangerAction } from '../lib/audit';

/*
 * The audit log's entries as the admin reads them: a table on wide screens, cards on phones, the
 * same cells in both (when, what, who, to what, from where, details).
 */

const t = adminKo.audit;

function ActionBadge({ action }: { action: AuditAction }) {
  const danger = isDangerAction(action);
  return (
    <Badge
      variant="light"
      color={danger ? 'red' : 'gray'}
      // A badge cuts its label with an ellipsis when squeezed: the column is as wide as the label.
      miw="max-content"
      data-tone={danger ? 'danger' : 'neutral'}
      data-testid="admin-audit-action"
    >
      {adminKo.auditActions[action]}
    </Badge>
  );
}

function When({ event }: { event: AuditEvent }) {
  return (
    <Text
      component="time"
      dateTime={event.at}
      size="sm"
      style={{ whiteSpace: 'nowrap' }}
      data-testid="admin-audit-at"
    >
      {formatAuditTime(event.at)}
    </Text>
  );
}

/** An address breaks after its '@' first ("minji@" / "demo.teamup"), not at its last letter. */
function Breakable({ text }: { text: string }) {
  const at = text.indexOf('@');
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at + 1)}
      <wbr />
      {text.slice(at + 1)}
    </>
  );
}

function Actor({ event }: { event: AuditEvent }) {
  const label = event.actor?.label;
  return (
    <Text
      size="sm"
      c={label ? undefined : 'dimmed'}
      style={{ overflowWrap: 'anywhere' }}
      data-testid="admin-audit-actor"
    >
      {label ? <Breakable text={label} /> : t.unknownActor}
    </Text>
  );
}

function Target({ event }: { event: AuditEvent }) {
  const { target } = event;
  if (!target) {
    return (
      <Text size="sm" c="dimmed" data-testid="admin-audit-target">
        {t.none}
      </Text>
    );
  }
  // An instance is one of its kind; anything else without a name is named by its id.
  const label = target.label ?? (target.type === 'INSTANCE' ? null : `#${target.id}`);
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="admin-audit-target">
      <Text span size="xs" c="dimmed" fw={600} data-testid="admin-audit-target-type">
        {adminKo.auditTargets[target.type]}
      </Text>
      {label && (
        <>
          {' '}
          <span data-testid="admin-audit-target-label">{label}</span>
        </>
      )}
    </Text>
  );
}

/** The address, with the browser as a small dimmed line under it. */
function Origin({ event }: { event: AuditEvent }) {
  return (
    <Stack gap={0} miw={0}>
      <Text
        size="sm"
        c={event.ip ? undefined : 'dimmed'}
        style={{ overflowWrap: 'anywhere' }}
        data-testid="admin-audit-ip"
      >
        {event.ip ?? t.none}
      </Text>
      {event.userAgent && (
        <Text
          size="xs"
          c="dimmed"
          lineClamp={2}
          title={event.userAgent}
          style={{ overflowWrap: 'anywhere' }}
          data-testid="admin-audit-user-agent"
        >
          {event.userAgent}
        </Text>
      )}
    </Stack>
  );
}

function Details({ event }: { event: AuditEvent }) {
  const items = auditDetailItems(event.details);
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="admin-audit-details">
        {t.none}
      </Text>
    );
  }
  return (
    <Text
      size="xs"
      ff="monospace"
      style={{ overflowWrap: 'anywhere' }}
      data-testid="admin-audit-details"
    >
      {items.join(' · ')}
    </Text>
  );
}

/** Wide screens: one row an entry. */
export function AuditTable({ events }: { events: AuditEvent[] }) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="admin-audit-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.columns.at}</Table.Th>
            <Table.Th>{t.columns.action}</Table.Th>
            <Table.Th>{t.columns.actor}</Table.Th>
            <Table.Th>{t.columns.target}</Table.Th>
            <Table.Th>{t.columns.ip}</Table.Th>
            <Table.Th>{t.columns.details}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr key={event.id} data-testid="admin-audit-event" data-event-id={event.id}>
              <Table.Td>
                <When event={event} />
              </Table.Td>
              <Table.Td>
                <ActionBadge action={event.action} />
              </Table.Td>
              <Table.Td maw={240}>
                <Actor event={event} />
              </Table.Td>
              <Table.Td maw={260}>
                <Target event={event} />
              </Table.Td>
              <Table.Td maw={220}>
                <Origin event={event} />
              </Table.Td>
              <Table.Td maw={320}>
                <Details event={event} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: one card an entry. */
export function AuditCards({ events }: { events: AuditEvent[] }) {
  return (
    <CardList>
      {events.map((event) => (
        <CardItem key={event.id} data-testid="admin-audit-event" data-event-id={event.id}>
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <ActionBadge action={event.action} />
              <When event={event} />
            </Group>
            <CardLine label={t.columns.actor} align="flex-start">
              <Actor event={event} />
            </CardLine>
            <CardLine label={t.columns.target} align="flex-start">
              <Target event={event} />
            </CardLine>
            <CardLine label={t.columns.ip} align="flex-start">
              <Origin event={event} />
            </CardLine>
            {Object.keys(event.details).length > 0 && <Details event={event} />}
          </Stack>
        </CardItem>
      ))}
    </CardList>
  );
}
