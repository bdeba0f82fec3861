import { Box, Image } from '@mantine/core';
import { iconKind } from '../lib/workspace-icon';

interface WorkspaceIconProps {
  name: string;
  iconUrl: string | null | undefined;
  /** Edge length in px. */
  size?: number;
  /**
   * Alone in a link or button: the icon is an image with this name (its letters stand for it);
   * else it is decoration beside the name.
   */
  label?: string;
}

/** A workspace's icon: its uploaded image, its emoji or letters, or the first letter of the name. */
export function WorkspaceIcon({ name, iconUrl, size = 44, label }: WorkspaceIconProps) {
  const icon = iconKind(iconUrl, name);
  if (icon.kind === 'image') {
    return (
      <Image
        src={icon.src}
        alt={label ?? ''}
        w={size}
        h={size}
        radius="md"
        fit="cover"
        style={{ flexShrink: 0 }}
      />
    );
  }
  const long = [...icon.text].length > 2;
  return (
    <Box
      {...(label === undefined ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label })}
      w={size}
      h={size}
      style={{
        flexShrink: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        borderRadius: 'var(--mantine-radius-md)',
        background:
          icon.kind === 'letter'
            ? 'var(--mantine-primary-color-filled)'
            : 'var(--mantine-color-gray-1)',
        color: icon.kind === 'letter' ? 'var(--mantine-color-white)' : 'var(--mantine-color-text)',
        fontWeight: 700,
        fontSize: Math.round(size * (long ? 0.3 : 0.45)),
        lineHeight: 1,
        overflow: 'hidden',
        whiteSpace: 'nowrap',
        userSelect: 'none',
      }}
    >
      {icon.text}
    </Box>
  );
}
