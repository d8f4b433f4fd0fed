import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { codes } from '@shared/codes.ts';
import { ApiError, isAbortError, uploadToUrl } from '@/lib/api-client.ts';
import { formatBytes } from '@/lib/format.ts';
import { startRequestUpload } from '../../api/start-request-upload.ts';
import { contentTypeOf, planRequestFiles, refusesLink, type RequestFileRefusal, type RequestLimits } from '../../utils/request-files.ts';

/** One file on the sender's list: chosen, waiting its turn, going up, sent (with the name it got) or refused. */
export interface SendItem {
  key: string;
  file: File;
  state: 'ready' | 'queued' | 'sending' | 'sent' | 'failed';
  loaded: number;
  sentName?: string;
  error?: string;
}

export const refusalText = (t: TFunction, refusal: RequestFileRefusal): string =>
  refusal.key === 'code.fileRequestTooLarge' ? t(refusal.key, { left: formatBytes(refusal.bytesLeft) }) : t(refusal.key);

/** The server's word on one file: a field's message for invalid input (e.g. the name), else its message. */
function failureText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    const fields = Object.values(error.fields);
    return error.code === codes.input.code && fields.length > 0 ? fields.join(' ') : error.message;
  }
  return t('notice.networkError');
}

/**
 * The sender's files and their sending: each file is one `request/upload` (counted by the server,
 * which answers the name it got and a presigned PUT) then the PUT of its bytes, one after the
 * other, so the link's counts answer in order. Files the link will not take (by the browser's
 * check of the limits it knows) stay on the list with the reason and are not sent. A refusal of the
 * link itself ends the page (`onLinkRefused`).
 */
export function useRequestFiles(link: { kykId: string; token: string; password?: string }, initial: RequestLimits, onLinkRefused: (message: string) => void) {
  const { t } = useTranslation();
  const [items, setItems] = useState<SendItem[]>([]);
  const [limits, setLimits] = useState<RequestLimits>(initial);
  const [sending, setSending] = useState(false);
  const nextKey = useRef(0);
  const controller = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => controller.current?.abort(), []);

  const ready = useMemo(() => items.filter((item) => item.state === 'ready'), [items]);
  const verdicts = useMemo(() => {
    const plan = planRequestFiles(ready.map((item) => item.file), limits);
    return new Map(ready.map((item, index) => [item.key, plan[index]]));
  }, [ready, limits]);
  const sendable = ready.filter((item) => verdicts.get(item.key) === undefined);

  const update = (key: string, change: Partial<SendItem>) => setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const add = (files: readonly File[]) => {
    const added = files.map((file): SendItem => ({ key: `f${(nextKey.current += 1)}`, file, state: 'ready', loaded: 0 }));
    setItems((list) => [...list, ...added]);
  };

  const remove = (key: string) => setItems((list) => list.filter((item) => item.key !== key));

  const send = async (sender: string) => {
    const batch = sendable;
    if (batch.length === 0 || sending) return;
    const queued = new Set(batch.map((item) => item.key));
    setItems((list) => list.map((item) => (queued.has(item.key) ? { ...item, state: 'queued', error: undefined } : item)));
    setSending(true);
    const abort = new AbortController();
    controller.current = abort;
    const who = sender.trim();
    try {
      for (const { key, file } of batch) {
        update(key, { state: 'sending', loaded: 0 });
        try {
          const contentType = contentTypeOf(file);
          const answer = await startRequestUpload(
            {
              kyk_id: link.kykId,
              token: link.token,
              ...(link.password !== undefined ? { password: link.password } : {}),
              name: file.name,
              size: file.size,
              ...(contentType ? { content_type: contentType } : {}),
              ...(who ? { sender: who } : {}),
            },
            { silent: true, signal: abort.signal },
          );
          setLimits((known) => ({ ...known, files_left: answer.files_left, bytes_left: answer.bytes_left }));
          await uploadToUrl({ url: answer.url, headers: answer.headers }, file, { signal: abort.signal, onProgress: ({ loaded }) => update(key, { loaded }) });
          update(key, { state: 'sent', loaded: file.size, sentName: answer.name });
        } catch (error) {
          if (isAbortError(error)) return;
          if (error instanceof ApiError && error.kind === 'api' && refusesLink(error.code)) {
            onLinkRefused(error.message);
            return;
          }
          update(key, { state: 'failed', error: failureText(error, t) });
        }
      }
    } finally {
      setSending(false);
    }
  };

  return { items, limits, verdicts, sendable, sending, add, remove, send };
}
