/**
 * The rows of `db.execute(sql`…`)`: both engines (node-postgres, PGlite) answer `{ rows }`, but the
 * driver-generic database type does not say so. A statement that changes rows and must say how
 * many uses RETURNING and counts them (the engines name the affected count differently).
 */
export const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;
