import { sql } from 'drizzle-orm';

/** The comment pglite-statements.mjs looks for (its GENERIC_PLAN; a test holds the two equal). */
export const GENERIC_PLAN_COMMENT = '/* plan: generic */';

/**
 * Ends a hot statement whose plan does not depend on its parameters' values: the embedded
 * database runs it on one generic plan instead of planning it on every call (decision 0028).
 * PostgreSQL's server sees a comment.
 */
export const genericPlan = sql.raw(GENERIC_PLAN_COMMENT);
