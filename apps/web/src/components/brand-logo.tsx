import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { ko } from '../i18n/ko';

/** The product mark: icon and name, as shown in the top bar and above the login card. */
export function BrandLogo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const large = size === 'lg';
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={large ? 40 : 32} radius="md" variant="gradient" aria-hidden>
        <IconUsersGroup size={large ? 24 : 20} stroke={1.8} />
      </ThemeIcon>
      <Text component="span" fw={800} fz={large ? 26 : 20} lh={1} c="var(--mantine-color-text)">
        {ko.brand}
      </Text>
    </Group>
  );
}
