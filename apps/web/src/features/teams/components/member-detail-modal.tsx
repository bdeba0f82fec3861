import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { routes } from '../../../config/paths';
import type { MemberProfile } from '@teamup/contracts/workspaces';
import { ko } from '../../../i18n/ko';
import { portfolioHref } from '../lib/portfolio-link';
import { MemberAvatar } from '../../../components/member-avatar';

interface MemberDetailModalProps {
  /** The member shown; null keeps the modal closed. */
  member: MemberProfile | null;
  roleLabel?: string;
  onClose: () => void;
  /** Its id inside a Modal.Stack, when it opens on top of another modal. */
  stackId?: string;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

function TextValue({ value }: { value: string | null }) {
  if (!value) {
    return (
      <Text size="sm" c="dimmed">
        {ko.common.notSet}
      </Text>
    );
  }
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {value}
    </Text>
  );
}

function MemberFields({ member, roleLabel }: { member: MemberProfile; roleLabel?: string }) {
  const portfolio = portfolioHref(member.portfolio);
  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap">
        <MemberAvatar name={member.name} imageUrl={member.profileImageUrl} size={72} radius={72} />
        <Stack gap={4} miw={0}>
          <Text fz="lg" fw={700} style={{ overflowWrap: 'anywhere' }}>
            {member.name}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {member.email}
          </Text>
          {roleLabel && (
            <Group gap={6}>
              <Badge variant="light" tt="none" aria-label={`${ko.member.role}: ${roleLabel}`}>
                {roleLabel}
              </Badge>
            </Group>
          )}
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Field label={ko.myPage.mbti}>
          <TextValue value={member.mbti} />
        </Field>
        <Field label={ko.myPage.age}>
          <TextValue value={member.age === null ? null : ko.myPage.ageValue(member.age)} />
        </Field>
        <Field label={ko.myPage.disposition}>
          <TextValue value={member.disposition} />
        </Field>
      </SimpleGrid>
      <Field label={ko.myPage.hashtags}>
        {member.hashtags.length > 0 ? (
          <Group gap={6}>
            {member.hashtags.map((tag) => (
              <Badge key={tag} variant="light" tt="none">
                #{tag}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {ko.myPage.noTags}
          </Text>
        )}
      </Field>
      <Field label={ko.myPage.introduction}>
        <TextValue value={member.introduction} />
      </Field>
      <Field label={ko.myPage.portfolio}>
        {portfolio ? (
          <Anchor
            href={portfolio}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
            data-testid="member-portfolio-link"
          >
            {portfolio}
          </Anchor>
        ) : (
          <TextValue value={member.portfolio} />
        )}
      </Field>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Field label={ko.myPage.preferWorkstyle}>
          <TextValue value={member.preferWorkstyle} />
        </Field>
        <Field label={ko.myPage.dislikeWorkstyle}>
          <TextValue value={member.dislikeWorkstyle} />
        </Field>
      </SimpleGrid>
    </Stack>
  );
}

/** A member's profile fields (spec 02 section 2, member detail), read only. */
export function MemberDetailModal({ member, roleLabel, onClose, stackId }: MemberDetailModalProps) {
  return (
    <Modal
      opened={member !== null}
      onClose={onClose}
      title={ko.home.memberDetailTitle}
      centered
      size="lg"
      stackId={stackId}
      attributes={{ content: { 'data-testid': 'member-detail-modal' } }}
    >
      {member && (
        <Stack gap="md">
          <MemberFields member={member} roleLabel={roleLabel} />
          <Group justify="flex-end">
            <Button
              component={Link}
              to={routes.userProfile.href(member.id)}
              variant="light"
              onClick={onClose}
              data-testid="member-profile-link"
            >
              {ko.userPage.open}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
