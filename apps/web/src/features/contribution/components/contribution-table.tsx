import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { ContributionKind, ContributionMember } from '@teamup/contracts/contribution';
import { MemberAvatar } from '../../../components/member-avatar';
import { contributionKo as t } from '../../../i18n/ko/contribution';
import { KINDS, numberOf, seoulTime } from '../lib/contribution';
import classes from './contribution.module.css';

interface Props {
  members: ContributionMember[];
  /** A card per member (narrow screens, print stays a table). */
  layout: 'table' | 'cards';
  /** Without it the numbers are plain text (the printable page). */
  onOpen?: (member: ContributionMember, kind: ContributionKind) => void;
}

function NumberCell({
  member,
  kind,
  onOpen,
}: {
  member: ContributionMember;
  kind: ContributionKind;
  onOpen: Props['onOpen'];
}) {
  const value = numberOf(member, kind);
  const text =
    kind === 'MEETING' ? `${value} (${t.minutes(member.meetingMinutes)})` : String(value);
  if (!onOpen) return <span>{text}</span>;
  return (
    <UnstyledButton
      className={classes.number}
      onClick={() => onOpen(member, kind)}
      aria-label={t.openItems(member.name, t.columns[kind], value)}
      data-testid={`contribution-number-${kind}`}
      data-user-id={member.userId}
    >
      {text}
    </UnstyledButton>
  );
}

function MemberName({ member }: { member: ContributionMember }) {
  return (
    <Group gap={6} wrap="nowrap">
      <MemberAvatar name={member.name} imageUrl={member.profileImageUrl} size={24} decorative />
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {member.name}
      </Text>
      {member.isLeader && (
        <Badge size="xs" variant="light">
          {t.leader}
        </Badge>
      )}
    </Group>
  );
}

/** Every member's numbers: a table, or at 360 px a card each. */
export function ContributionTable({ members, layout, onOpen }: Props) {
  if (layout === 'cards') {
    return (
      <Stack gap="sm" data-testid="contribution-cards">
        {members.map((member) => (
          <Paper
            key={member.userId}
            withBorder
            radius="md"
            p="sm"
            data-testid="contribution-member"
            data-user-id={member.userId}
          >
            <MemberName member={member} />
            <SimpleGrid cols={2} spacing={6} verticalSpacing={4} mt="xs">
              {KINDS.map((kind) => (
                <Group key={kind} justify="space-between" gap={4} wrap="nowrap">
                  <Text size="xs" c="dimmed">
                    {t.columns[kind]}
                  </Text>
                  <NumberCell member={member} kind={kind} onOpen={onOpen} />
                </Group>
              ))}
            </SimpleGrid>
            <Text size="xs" c="dimmed" mt={6}>
              {t.lastActive}: {member.lastActiveAt ? seoulTime(member.lastActiveAt) : t.never}
            </Text>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table striped withTableBorder verticalSpacing="xs" data-testid="contribution-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.member}</Table.Th>
            {KINDS.map((kind) => (
              <Table.Th key={kind} ta="right">
                {t.columns[kind]}
              </Table.Th>
            ))}
            <Table.Th>{t.lastActive}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr
              key={member.userId}
              data-testid="contribution-member"
              data-user-id={member.userId}
            >
              <Table.Td>
                <MemberName member={member} />
              </Table.Td>
              {KINDS.map((kind) => (
                <Table.Td key={kind} ta="right">
                  <NumberCell member={member} kind={kind} onOpen={onOpen} />
                </Table.Td>
              ))}
              <Table.Td>
                <Text size="xs" c="dimmed">
                  {member.lastActiveAt ? seoulTime(member.lastActiveAt) : t.never}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
