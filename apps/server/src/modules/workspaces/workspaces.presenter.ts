import type {
  BannedUser,
  MemberProfile,
  Workspace,
  WorkspaceMember,
} from '@teamup/contracts/workspaces';
import { withoutTrailingSlashes } from '@teamup/contracts/common';
import type { BanRow, MemberRow, WorkspaceView } from './workspaces.repo';

type ProfileSource = MemberRow['user'];

/** The profile fields co-members see of each other; never password data or provider details. */
export function presentMemberProfile(user: ProfileSource): MemberProfile {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    profileImageUrl: user.profileImageUrl,
    mbti: user.mbti,
    age: user.age,
    disposition: user.disposition,
    introduction: user.introduction,
    preferWorkstyle: user.preferWorkstyle,
    dislikeWorkstyle: user.dislikeWorkstyle,
    portfolio: user.portfolio,
    hashtags: user.hashtags,
    deactivated: user.deactivatedAt !== null,
  };
}

export function presentMember(row: MemberRow): WorkspaceMember {
  return {
    ...presentMemberProfile(row.user),
    role: row.role,
    joinedAt: row.joinedAt.toISOString(),
  };
}

export function presentWorkspace(view: WorkspaceView, publicOrigin: string): Workspace {
  return {
    id: view.id,
    name: view.name,
    iconUrl: view.iconUrl,
    inviteCode: view.inviteCode,
    url: inviteUrl(publicOrigin, view.inviteCode),
    passwordProtected: view.passwordHash !== null,
    owner: { id: view.ownerId },
    isClass: view.isClass,
    myRole: view.myRole,
    memberCount: view.memberCount,
    createdAt: view.createdAt.toISOString(),
  };
}

export function presentBan(row: BanRow, adminNames: Map<number, string>): BannedUser {
  const adminName = row.bannedById === null ? undefined : adminNames.get(row.bannedById);
  return {
    user: row.user,
    bannedAt: row.bannedAt.toISOString(),
    bannedBy:
      row.bannedById === null || adminName === undefined
        ? null
        : { id: row.bannedById, name: adminName },
  };
}

/** The invite link of spec 01 section 2: `{origin}/#/ws/{inviteCode}`. */
export function inviteUrl(publicOrigin: string, inviteCode: string): string {
  return `${withoutTrailingSlashes(publicOrigin)}/#/ws/${inviteCode}`;
}
