import type { AppModule } from '../../platform/module';
import { adminRoutes } from './admin.routes';
import { promoteNamedAdmins } from './admin.service';

/** The instance admin: registration policy, people, invitations, figures (decision 0050). */
export const adminModule: AppModule = {
  name: 'admin',
  routes: adminRoutes,
  background: (ctx) => {
    // Named admins who had accounts before ADMIN_EMAILS named them.
    void promoteNamedAdmins(ctx).catch((error: unknown) => {
      ctx.logger.warn({ err: error }, 'ADMIN_EMAILS: could not promote the named accounts');
    });
    return { stop: () => undefined };
  },
};
