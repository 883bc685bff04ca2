/** Rows are plain records; the schema (data) says what each field is. */
export type Row = Record<string, unknown>;

// Kysely needs a database type; the tables are only known at run time.
// biome-ignore lint/suspicious/noExplicitAny: dynamic schema, typed at the model layer
export type AnyDB = Record<string, any>;

export type Operator = 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte' | 'in' | 'contains' | 'starts_with' | 'ends_with';

export interface Where {
  field: string;
  value: unknown;
  operator?: Operator;
  connector?: 'AND' | 'OR';
}

export interface FindManyOptions {
  where?: Where[];
  limit?: number;
  offset?: number;
  sortBy?: { field: string; direction: 'asc' | 'desc' };
}
