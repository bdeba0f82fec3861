import type { ReactNode } from 'react';
import type { PresenceStatus } from '@teamup/contracts/presence';
import { chatKo } from '../i18n/ko/chat';

const COLORS: Record<PresenceStatus, string> = {
  ONLINE: 'var(--mantine-color-green-6)',
  AWAY: 'var(--mantine-color-yellow-5)',
  OFFLINE: 'var(--mantine-color-gray-5)',
};

interface PresenceDotProps {
  status: PresenceStatus;
  /** Diameter in px. */
  size?: number;
}

/**
 * A member's presence (decision 0021): green online, yellow away, gray offline, with its name
 * ("온라인", "자리 비움", "오프라인") for screen readers and as a tooltip.
 */
export function PresenceDot({ status, size = 10 }: PresenceDotProps) {
  const label = chatKo.presence[status];
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-testid="presence-dot"
      data-status={status}
      style={{
        display: 'inline-block',
        flexShrink: 0,
        width: size,
        height: size,
        borderRadius: '50%',
        background: COLORS[status],
        boxShadow: '0 0 0 2px var(--mantine-color-body)',
      }}
    />
  );
}

/** An avatar with the presence dot on its lower right edge. */
export function WithPresence({
  status,
  children,
  size = 10,
}: PresenceDotProps & { children: ReactNode }) {
  return (
    <span style={{ position: 'relative', display: 'inline-flex', flexShrink: 0 }}>
      {children}
      <span style={{ position: 'absolute', right: 0, bottom: 0, display: 'flex' }}>
        <PresenceDot status={status} size={size} />
      </span>
    </span>
  );
}
