/** The rows of a raw `db.execute(sql…)`: both drivers (pg, PGlite) answer `{ rows }`. */
export const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
