import { describe, expect, it } from 'vitest';
import {
  canSeeTab,
  effectiveTab,
  inviteLink,
  isWorkspaceAdmin,
  settingsTabs,
} from './settings-tabs';

describe('settings tabs', () => {
  it('shows every tab to the owner', () => {
    expect(settingsTabs.filter((tab) => canSeeTab(tab, 'OWNER'))).toEqual([...settingsTabs]);
  });

  it('shows invite, members, blacklist and webhooks to admins', () => {
    expect(settingsTabs.filter((tab) => canSeeTab(tab, 'ADMIN'))).toEqual([
      'invite',
      'members',
      'blacklist',
      'webhooks',
    ]);
  });

  it('shows only invite to members', () => {
    expect(settingsTabs.filter((tab) => canSeeTab(tab, 'MEMBER'))).toEqual(['invite']);
  });

  it('falls back to invite for a tab the role may not see', () => {
    expect(effectiveTab('danger', 'ADMIN')).toBe('invite');
    expect(effectiveTab('members', 'MEMBER')).toBe('invite');
    expect(effectiveTab('members', 'ADMIN')).toBe('members');
  });

  it('counts owner and ADMIN as admins', () => {
    expect(isWorkspaceAdmin('OWNER')).toBe(true);
    expect(isWorkspaceAdmin('ADMIN')).toBe(true);
    expect(isWorkspaceAdmin('MEMBER')).toBe(false);
  });

  it('builds the invite link on the hash', () => {
    expect(inviteLink('https://teamup.example', '/ws/AbCd123456')).toBe(
      'https://teamup.example/#/ws/AbCd123456',
    );
  });
});
