import type { Language } from '@shared/messages.ts';
import { callApi, saveBlob, type CallOptions } from '@/lib/api-client.ts';

/** Downloads the printable HTML manual of a language (the server's document, saved under its file name). */
export async function downloadManual(language: Language, options?: CallOptions): Promise<string> {
  const { content, content_type: type, file_name: fileName } = await callApi('com/manual_download', { language }, options);
  saveBlob(new Blob([content], { type }), fileName);
  return fileName;
}
