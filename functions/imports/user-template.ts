import type { Operation } from '#lib/api-handler.ts';
import { writeExport } from './files.ts';
import { userTemplateRecords } from './kinds/user.ts';

const templateName = { en: 'user_import_template.csv', ja: 'ユーザーインポートテンプレート.csv' } as const;

/** The user CSV template: the header row only, in the caller's language and the chosen encoding. */
export const userTemplateDownload: Operation<'com/user_import_template_download'> = async ({ caller, input, language }) =>
  writeExport(caller.kykId, templateName[language], userTemplateRecords(language), input.encoding);
