import type { AuditActor } from '#lib/audit.ts';
import type { Language } from '#shared/messages.ts';
import type { ImportKind } from '#shared/schemas/imports.ts';
import type { RowAction, RowPassword } from '#data/import-rows.ts';

/**
 * What an import kind (legal entities, users, ...) tells the import framework. The framework
 * (run-import.ts) reads and decodes the file, checks the header, skips blank rows, refuses rows
 * with a wrong column count or a key seen earlier in the file, runs the kind's row applier with
 * limited concurrency, stores one result per row and ends the job with its status. A kind only
 * knows its columns and how one row is validated and written.
 */
export interface ImportColumn<C extends string = string> {
  name: C;
  /** The header text of templates and exports per language; the name and every label are accepted on import. */
  labels: Record<Language, string>;
}

export interface ImportContext {
  kykId: string;
  requestId: string;
  /** The executor's language: row messages are stored in it. */
  language: Language;
  /** The executor, for the audit record of every row's change. */
  actor: AuditActor;
  /** When the job started (the upload was requested). */
  startedAt: string;
  /** The user import's option: created users are mailed an invitation to set a password. */
  invite: boolean;
}

export interface ImportRow<C extends string = string> {
  /** The row a spreadsheet shows (header = 1). */
  rowNo: number;
  /** Cell values by column (Excel formula escaping removed, nothing else changed). */
  values: Record<C, string>;
  /** The header text the file used for each column: messages name a column as the user sees it. */
  labels: Record<C, string>;
}

export type RowOutcome =
  | { result: 'ok' | 'warning'; action: RowAction; messages: string[]; password?: RowPassword }
  | { result: 'error'; action: null; messages: string[] };

export type RowApplier<C extends string = string> = (row: ImportRow<C>) => Promise<RowOutcome>;

export interface ImportKindDefinition<C extends string = string> {
  kind: ImportKind;
  columns: readonly ImportColumn<C>[];
  /** The column that identifies a record; a key seen earlier in the same file makes the later row an error. */
  keyColumn: C;
  /** The key as the kind compares it (e.g. trimmed), for the in-file duplicate check. */
  normalizeKey: (raw: string) => string;
  /** Most data rows one file may have. */
  maxRows: number;
  /** Rows written at the same time: enough to hide latency, few enough not to fight over shared items. */
  concurrency: number;
  /** Reads once what every row needs (e.g. the existing records) and answers the row applier. */
  open(context: ImportContext): Promise<RowApplier<C>>;
}

/** Erases a kind's column type for the registry (the framework hands the kind only its own columns). */
export const defineKind = <C extends string>(definition: ImportKindDefinition<C>): ImportKindDefinition => definition as unknown as ImportKindDefinition;

/** The header row of templates and exports in a language. */
export const headerRecord = (definition: Pick<ImportKindDefinition, 'columns'>, language: Language): string[] =>
  definition.columns.map((column) => column.labels[language]);
