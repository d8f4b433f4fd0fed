/**
 * An audit record's before and after as a readable difference: the fields (dotted paths into
 * nested objects, `[i]` into lists) whose value changed, was added or was removed, each with its
 * old and new value as short text. Used by the audit log page, its CSV export and `npm run audit`.
 */
export interface FieldChange {
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before: string;
  after: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as one line of text (JSON for what is not a string). */
export const valueText = (value: unknown): string => (value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

function flatten(value: unknown, path: string, into: Map<string, unknown>): void {
  if (isObject(value) && Object.keys(value).length > 0) {
    for (const [key, child] of Object.entries(value)) flatten(child, path ? `${path}.${key}` : key, into);
  } else if (Array.isArray(value) && value.length > 0 && value.some((item) => isObject(item) || Array.isArray(item))) {
    value.forEach((item, index) => flatten(item, `${path}[${index}]`, into));
  } else {
    into.set(path, value);
  }
}

export function auditDiff(before: unknown, after: unknown): FieldChange[] {
  const old = new Map<string, unknown>();
  const now = new Map<string, unknown>();
  if (before !== null && before !== undefined) flatten(before, '', old);
  if (after !== null && after !== undefined) flatten(after, '', now);
  const paths = [...new Set([...old.keys(), ...now.keys()])];
  const changes: FieldChange[] = [];
  for (const path of paths) {
    const [had, has] = [old.has(path), now.has(path)];
    const [from, to] = [valueText(old.get(path)), valueText(now.get(path))];
    if (had && has && from === to) continue;
    changes.push({ path: path || '(value)', kind: had && has ? 'changed' : had ? 'removed' : 'added', before: had ? from : '', after: has ? to : '' });
  }
  return changes;
}

/** The difference in one line: `name: "Old" → "New"; flag: 0 → 1; note: + "text"`. */
export const diffSummary = (changes: FieldChange[]): string =>
  changes.map((change) => `${change.path}: ${change.kind === 'added' ? `+ ${change.after}` : change.kind === 'removed' ? `- ${change.before}` : `${change.before} → ${change.after}`}`).join('; ');
