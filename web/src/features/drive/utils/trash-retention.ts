/**
 * Which selected trash entries Delete forever may take: a document still under retention
 * (`retained_until`, as the server's purge decides it) stays, and the server refuses it anyway
 * (-990000340001). The trash page disables the button when nothing else is selected, naming the
 * retention end, and otherwise sends only the others and names the ones kept.
 */
interface Retainable {
  retained_until?: string | undefined;
}

export interface DeleteForeverPlan<T> {
  /** What the call sends. */
  deletable: T[];
  /** What stays in the trash until its retention ends, earliest end first. */
  retained: T[];
  /** The earliest retention end among the retained (YYYY-MM-DD), for a reason that names one day. */
  firstEnd: string | undefined;
}

export function deleteForeverPlan<T extends Retainable>(selected: T[]): DeleteForeverPlan<T> {
  const retained = selected.filter((entry) => entry.retained_until !== undefined).sort((a, b) => a.retained_until!.localeCompare(b.retained_until!));
  return { deletable: selected.filter((entry) => entry.retained_until === undefined), retained, firstEnd: retained[0]?.retained_until };
}
