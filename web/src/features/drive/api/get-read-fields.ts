import { useEffect, useState } from 'react';
import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { useApi } from '@/lib/api-swr.ts';

export type GetReadFieldsRequest = RouteRequest<'com_drive/read_fields'>;
export type GetReadFieldsResponse = RouteResponse<'com_drive/read_fields'>;
export type ReadFieldsReading = NonNullable<GetReadFieldsResponse['reading']>;

const PATH = 'com_drive/read_fields';

/** Asked again this often while the reading of the current bytes is on its way (OCR takes a few seconds a page). */
export const READ_FIELDS_POLL_MS = 1500;
/** Then given up on: the dialog says it is late, and the drive marks the file when it arrives. */
export const READ_FIELDS_WAIT_MS = 60_000;

/**
 * The bookkeeping fields read from a file's current bytes (docs/e-bookkeeping.md "Fields read from
 * the document"): suggestions for the details dialogs, never the file's fields until a person saves them.
 */
export const getReadFields = (request: GetReadFieldsRequest, options?: CallOptions): Promise<GetReadFieldsResponse> =>
  callApi(PATH, request, options);

/**
 * A file's reading for a dialog, asked again every 1.5 s while `pending` for up to a minute from
 * when the dialog asked first; the polling ends with the dialog (SWR stops when it unmounts).
 * `id` undefined waits. Refusals are silent: the suggestions are an aid, the form works without them.
 */
export function useReadFields(id: string | undefined) {
  // The file whose minute is up (the next file of a detailed registration gets its own minute).
  const [expiredFor, setExpiredFor] = useState<string>();
  useEffect(() => {
    if (!id) return;
    const timer = setTimeout(() => setExpiredFor(id), READ_FIELDS_WAIT_MS);
    return () => clearTimeout(timer);
  }, [id]);
  const expired = id !== undefined && expiredFor === id;
  const swr = useApi(PATH, id ? { id } : null, { refreshInterval: (data) => (data?.pending && !expired ? READ_FIELDS_POLL_MS : 0), revalidateOnFocus: false }, { silent: true });
  const pending = !!swr.data?.pending;
  return {
    reading: swr.data?.reading ?? undefined,
    /** The server has answered at least once. */
    answered: swr.data !== undefined,
    /** The reading of the current bytes is on its way, and the minute is not up: asked again. */
    waiting: pending && !expired,
    /** Still on its way when the minute was up. */
    timedOut: pending && expired,
    error: swr.error as unknown,
  };
}
