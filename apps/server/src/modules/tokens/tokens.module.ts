import { PERSONAL_TOKEN_PREFIX } from '@teamup/contracts/tokens';
import type { AppModule } from '../../platform/module';
import { tokenRoutes } from './tokens.routes';
import { resolveToken, tokenState } from './tokens.service';

/** Personal access tokens (issue 46, decision 0051): a person's keys for scripts. */
export const tokensModule: AppModule = {
  name: 'tokens',
  routes: tokenRoutes,
  state: [tokenState],
  bearerTokens: [{ prefix: PERSONAL_TOKEN_PREFIX, resolve: resolveToken }],
};
