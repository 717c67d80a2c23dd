// The pieces every D1 search statement is written with: numbered parameters, and FTS5 strings
// (fts-query.ts builds the MATCH text from them; docs/decisions/0010-bounded-search.md). Pure.

export type SqlValue = string | number;
export type SqlStatement = { sql: string; params: SqlValue[] };

/** Numbered parameters (?1, ?2, ...) of one statement; each value is bound once, used anywhere. */
export class Params {
  readonly values: SqlValue[] = [];
  add(value: SqlValue): string {
    this.values.push(value);
    return `?${this.values.length}`;
  }
}

/** An FTS5 string: `text` between double quotes (a phrase: with trigrams, a substring). */
export function ftsString(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}
