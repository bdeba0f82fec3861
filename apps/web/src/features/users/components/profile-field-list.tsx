import type { ReactNode } from 'react';
import { Anchor, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { User } from '@teamup/contracts/users';
import { ko } from '../../../i18n/ko';

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

/** The portfolio as a link when it is a web address, as plain text otherwise. */
function PortfolioValue({ value }: { value: string | null }) {
  if (value && /^https?:\/\//i.test(value)) {
    return (
      <Anchor
        href={value}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        style={{ overflowWrap: 'anywhere' }}
      >
        {value}
      </Anchor>
    );
  }
  return <TextValue value={value} />;
}

/** The profile fields of a user (spec 01 section 3), read only. */
export function ProfileFieldList({ user }: { user: Omit<User, 'profilePromptPending'> }) {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Field label={ko.myPage.mbti}>
          <TextValue value={user.mbti} />
        </Field>
        <Field label={ko.myPage.age}>
          <TextValue value={user.age === null ? null : ko.myPage.ageValue(user.age)} />
        </Field>
        <Field label={ko.myPage.disposition}>
          <TextValue value={user.disposition} />
        </Field>
      </SimpleGrid>
      <Field label={ko.myPage.hashtags}>
        {user.hashtags.length > 0 ? (
          <Group gap={6}>
            {user.hashtags.map((tag) => (
              <Badge key={tag} variant="light" tt="none" size="lg">
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
        <TextValue value={user.introduction} />
      </Field>
      <Field label={ko.myPage.portfolio}>
        <PortfolioValue value={user.portfolio} />
      </Field>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Field label={ko.myPage.preferWorkstyle}>
          <TextValue value={user.preferWorkstyle} />
        </Field>
        <Field label={ko.myPage.dislikeWorkstyle}>
          <TextValue value={user.dislikeWorkstyle} />
        </Field>
      </SimpleGrid>
    </Stack>
  );
}
