/** A row as the drivers return it (column name → value). */
export type Row = Record<string, unknown>;

/** Something that runs parameterised SQL ($1, $2, ...). */
export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/**
 * The sandbox's database: PGlite (embedded, one connection) or PostgreSQL (node-postgres pool).
 * jsonb parameters are passed as JSON strings; both drivers return jsonb parsed and timestamptz as Date.
 */
export interface Db extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs fn in one transaction; use only the given handle inside fn. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
