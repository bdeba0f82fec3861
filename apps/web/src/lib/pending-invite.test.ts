// @vitest-environment jsdom
// jsdom: the code is kept in sessionStorage.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  inviteCodeFromPath,
  rememberPendingInvite,
  takePendingInvite,
  validInviteCode,
} from './pending-invite';

beforeEach(() => sessionStorage.clear());

describe('pending invite', () => {
  it('reads an invite code out of /ws/{code}, never a workspace id or a deeper page', () => {
    expect(inviteCodeFromPath('/ws/AbCdEf1234')).toBe('AbCdEf1234');
    expect(inviteCodeFromPath('/ws/AbCdEf1234/')).toBe('AbCdEf1234');
    expect(inviteCodeFromPath('/ws/7')).toBeNull();
    expect(inviteCodeFromPath('/ws/AbCdEf1234/team/3')).toBeNull();
    expect(inviteCodeFromPath('/ws/%24%24')).toBeNull();
    expect(inviteCodeFromPath('/my-page')).toBeNull();
    expect(inviteCodeFromPath(undefined)).toBeNull();
    expect(validInviteCode('Ab<script>')).toBeNull();
  });

  it('keeps one code for the session and hands it over once', () => {
    rememberPendingInvite('AbCdEf1234');
    expect(takePendingInvite()).toBe('AbCdEf1234');
    expect(takePendingInvite()).toBeNull();
    rememberPendingInvite('AbCdEf1234');
    rememberPendingInvite(null);
    expect(takePendingInvite()).toBeNull();
  });
});
