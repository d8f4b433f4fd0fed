import { useTranslation } from 'react-i18next';
import type { DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import { PeriodPicker } from '@/components/period-picker.tsx';

/** A range of calendar days (YYYY-MM-DD, both included), as the e-bookkeeping calls take them (Japan days). */
export interface DayRange {
  from: string;
  to: string;
}

/** An absolute-only day range picker: whole days, the end included, reversed or partial ranges refused. */
export function DayRangePicker({ value, onChange, testId }: { value: DayRange; onChange: (range: DayRange) => void; testId: string }) {
  const { t } = useTranslation();
  const picked: DateRangePickerProps.AbsoluteValue = { type: 'absolute', startDate: value.from, endDate: value.to };
  return (
    <div data-testid={testId}>
      <PeriodPicker
        value={picked}
        rangeSelectorMode="absolute-only"
        relativeOptions={[]}
        onChange={({ detail }) => {
          if (detail.value?.type === 'absolute') onChange({ from: detail.value.startDate.slice(0, 10), to: detail.value.endDate.slice(0, 10) });
        }}
        isValidRange={(range) => {
          if (!range || range.type !== 'absolute' || !range.startDate || !range.endDate) return { valid: false, errorMessage: t('usage.accessLog.dateRange.invalid') };
          if (range.endDate < range.startDate) return { valid: false, errorMessage: t('validation.dateRangeReversed') };
          return { valid: true };
        }}
        placeholder={t('bookkeeping.page.history.rangePlaceholder')}
      />
    </div>
  );
}
