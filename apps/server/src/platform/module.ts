import type { AppContext } from '../context';
import type { Db } from '../db/client';
import type { DomainEvent } from './domain-events';
import type { AccessClaims } from './auth/tokens';
import type { JobKind } from './jobs/job-kind';
import type { Guard, TypedApp } from './http/types';
import type { ModuleStateKey } from './module-state';
import type { LiveContribution } from './realtime/contribution';
import type { SearchSource } from './search/search-source';
import type { OwnedFilesQuery } from './storage/owned-files';

/**
 * A reaction to a fact another module stated (notifications, video's clean-up). With `many`, the
 * facts drained from the queue together are handed over at once, in order (a reaction that can
 * do a run of them in fewer queries than one by one: a burst of chat messages).
 */
export type DomainEventReaction = ((ctx: AppContext, event: DomainEvent) => Promise<void>) & {
  many?: (ctx: AppContext, events: readonly DomainEvent[]) => Promise<void>;
};

/**
 * A step run inside the same transaction when someone stops being a workspace member (kick, ban,
 * leave): teams drop the member, chat rooms and video channels too.
 */
export type MemberRemovalStep = (db: Db, workspaceId: number, userId: number) => Promise<void>;

/**
 * A step run inside the same transaction that ends login sessions (logout, a revocation, a
 * password change): what belongs to those sessions goes with them (their push subscriptions).
 */
export type SessionEndStep = (db: Db, sessionIds: readonly number[]) => Promise<void>;

/** A step run inside the transaction that makes a team (the kanban module makes its board). */
export type TeamCreationStep = (db: Db, teamId: number) => Promise<void>;

/**
 * A kind of bearer token other than the access JWT, told by its prefix (a personal access
 * token): `resolve` answers its claims, or null for one that is unknown or expired.
 */
export interface BearerTokenKind {
  readonly prefix: string;
  readonly resolve: (ctx: AppContext, token: string) => Promise<AccessClaims | null>;
}

/**
 * How far each of `teamIds` is, in percent (0-100); a team it does not name is at 0. A team has
 * one progress measure (the kanban module's share of approved tasks), so one module answers it.
 */
export type ProgressSource = (db: Db, teamIds: number[]) => Promise<Map<number, number>>;

/** Work a module keeps running beside the requests (deadline sweeps, presence). */
export interface BackgroundWork {
  stop(): void | Promise<void>;
}

/**
 * Everything one module adds to the app, declared in its `<module>.module.ts` and listed once in
 * app.ts. Nothing registers itself by being imported: what a module does beyond its own calls is
 * visible here.
 */
export interface AppModule {
  readonly name: string;
  /** Its HTTP routes, under /api. */
  readonly routes?: (app: TypedApp, ctx: AppContext, requireAuth: Guard) => Promise<void>;
  /** Reactions to other modules' domain events, run after their change is committed. */
  readonly reactions?: readonly DomainEventReaction[];
  readonly memberRemovalSteps?: readonly MemberRemovalStep[];
  readonly sessionEndSteps?: readonly SessionEndStep[];
  readonly teamCreationSteps?: readonly TeamCreationStep[];
  /** How far teams are, shown on every team (at most one module says it). */
  readonly progressSource?: ProgressSource;
  /** How to find the stored files it keeps for a team or workspace being deleted. */
  readonly ownedFiles?: readonly OwnedFilesQuery[];
  /** Started with the app, stopped when it closes. */
  readonly background?: (ctx: AppContext) => BackgroundWork;
  /** Its STOMP destinations and the SSE topics of its users (platform/realtime). */
  readonly live?: LiveContribution;
  /** What it lets people search, one source per kind (platform/search, decision 0020). */
  readonly searchSources?: readonly SearchSource[];
  /** The state it keeps per app, made when the app is built (decision 0037). */
  readonly state?: readonly ModuleStateKey<unknown>[];
  /** Its kinds of due-time job and their handlers (platform/jobs, decision 0042). */
  readonly jobs?: readonly JobKind[];
  /** Bearer tokens it issues besides the access JWT (platform/auth/bearer.ts). */
  readonly bearerTokens?: readonly BearerTokenKind[];
}

/** What modules contribute to other modules' operations, gathered once per app. */
export interface ModuleHooks {
  readonly reactions: readonly DomainEventReaction[];
  readonly memberRemovalSteps: readonly MemberRemovalStep[];
  readonly sessionEndSteps: readonly SessionEndStep[];
  readonly teamCreationSteps: readonly TeamCreationStep[];
  /** Without one, every team is at 0. */
  readonly progressSource: ProgressSource | undefined;
  readonly ownedFiles: readonly OwnedFilesQuery[];
  readonly live: readonly LiveContribution[];
  readonly searchSources: readonly SearchSource[];
  /** Every module's job kinds (the scheduler refuses two of one name). */
  readonly jobs: readonly JobKind[];
  readonly bearerTokens: readonly BearerTokenKind[];
}

export function hooksOf(modules: readonly AppModule[]): ModuleHooks {
  const progressSources = modules.flatMap((module) =>
    module.progressSource ? [module.progressSource] : [],
  );
  // Two answers to one question would leave which one wins to the order of the list.
  if (progressSources.length > 1) {
    const names = modules.filter((module) => module.progressSource).map((module) => module.name);
    throw new Error(`only one module may say how far teams are, not ${names.join(', ')}`);
  }
  return {
    reactions: modules.flatMap((module) => module.reactions ?? []),
    memberRemovalSteps: modules.flatMap((module) => module.memberRemovalSteps ?? []),
    sessionEndSteps: modules.flatMap((module) => module.sessionEndSteps ?? []),
    teamCreationSteps: modules.flatMap((module) => module.teamCreationSteps ?? []),
    progressSource: progressSources[0],
    ownedFiles: modules.flatMap((module) => module.ownedFiles ?? []),
    live: modules.flatMap((module) => module.live ?? []),
    searchSources: modules.flatMap((module) => module.searchSources ?? []),
    jobs: modules.flatMap((module) => module.jobs ?? []),
    bearerTokens: modules.flatMap((module) => module.bearerTokens ?? []),
  };
}
