import type { Operation } from '#lib/api-handler.ts';
import { writeExport } from '#domain/imports/files.ts';
import { userTemplateRecords } from '#domain/imports/kinds/user.ts';

const templateName = { en: 'user_import_template.csv', ja: 'ユーザーインポートテンプレート.csv' } as const;

/** The user CSV template: the header row only, in the caller's language and the chosen encoding. */
export const userTemplateDownload: Operation<'com/user_import_template_download'> = async ({ caller, input, language }) =>
  writeExport(caller.kykId, templateName[language], userTemplateRecords(language), input.encoding);
