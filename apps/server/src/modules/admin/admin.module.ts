import { pruneAudit } from '../../platform/audit/audit-log';
import type { AppModule } from '../../platform/module';
import { adminRoutes } from './admin.routes';
import { promoteNamedAdmins } from './admin.service';

/** The instance admin: registration policy, people, invitations, figures, audit log (0050). */
export const adminModule: AppModule = {
  name: 'admin',
  routes: adminRoutes,
  background: (ctx) => {
    // Named admins who had accounts before ADMIN_EMAILS named them.
    void promoteNamedAdmins(ctx).catch((error: unknown) => {
      ctx.logger.warn({ err: error }, 'ADMIN_EMAILS: could not promote the named accounts');
    });
    // The audit log keeps AUDIT_RETENTION_DAYS: what is older goes, hourly (one indexed delete).
    const prune = () =>
      void pruneAudit(ctx, ctx.config.auditRetentionDays).catch((error: unknown) => {
        ctx.logger.warn({ err: error }, 'audit log: pruning failed');
      });
    const pruner = setInterval(prune, 3_600_000);
    pruner.unref();
    return { stop: () => clearInterval(pruner) };
  },
};
