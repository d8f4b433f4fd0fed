import type { Operation } from '#lib/api-handler.ts';
import { writeExport } from '#domain/imports/files.ts';
import { corpTemplateRecords } from '#domain/imports/kinds/corp.ts';

const templateName = { en: 'corp_import_template.csv', ja: '法人インポートテンプレート.csv' } as const;

/** The legal-entity CSV template: the header row only, in the caller's language and the chosen encoding. */
export const corpTemplateDownload: Operation<'com/corp_import_template_download'> = async ({ caller, input, language }) =>
  writeExport(caller.kykId, templateName[language], corpTemplateRecords(language), input.encoding);
