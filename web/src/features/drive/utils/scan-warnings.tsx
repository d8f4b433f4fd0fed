import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ScannerCheckResult, ScannerGrade, PaperSize } from '@shared/schemas/bookkeeping-fields.ts';
import { formatCalendarDate, type DisplayLanguage } from '@/lib/format.ts';
import { scannerCheckTexts } from './bookkeeping.ts';

/** What a stored scan's warnings are made from: its checks, its grade and paper, and its input timing. */
export interface ScanFacts {
  scanner_check?: ScannerCheckResult | undefined;
  scanner_grade?: ScannerGrade | undefined;
  paper_size?: PaperSize | undefined;
  input_late?: boolean | undefined;
  input_deadline?: string | undefined;
}

/** The facts of a scan that fails something (a scanner check, or its input deadline); undefined when it fails nothing. */
export function failedScan(item: ScanFacts): ScanFacts | undefined {
  const failsCheck = item.scanner_check !== undefined && item.scanner_check.status !== 'compliant';
  if (!failsCheck && !item.input_late) return undefined;
  const { scanner_check, scanner_grade, paper_size, input_late, input_deadline } = item;
  return { scanner_check, scanner_grade, paper_size, input_late, input_deadline };
}

/** What a stored scan fails, in the UI's language, each naming its rule: the scanner checks', then a late input. */
export function scanWarnings(item: ScanFacts, t: TFunction, language: DisplayLanguage): string[] {
  const warnings = item.scanner_check && item.scanner_check.status !== 'compliant' ? scannerCheckTexts(item.scanner_check, item, t) : [];
  if (item.input_late) warnings.push(item.input_deadline ? t('transfers.scan.lateBy', { date: formatCalendarDate(item.input_deadline, language) }) : t('transfers.scan.late'));
  return warnings;
}

/** The warnings as a list (the flash's content), following the UI's language. */
export function ScanWarningList({ scan, testId }: { scan: ScanFacts; testId: string }) {
  const { t, i18n } = useTranslation();
  return (
    <ul data-testid={testId}>
      {scanWarnings(scan, t, i18n.language === 'ja' ? 'ja' : 'en').map((warning) => (
        <li key={warning}>{warning}</li>
      ))}
    </ul>
  );
}
