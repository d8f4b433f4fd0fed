import { useTranslation } from 'react-i18next';
import DateRangePicker, { type DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import Icon from '@cloudscape-design/components/icon';
import { formatCalendarDate } from '@/lib/format.ts';

/** A range of whole days as the trigger shows it: the language's date order (ja YYYY/MM/DD, en DD/MM/YYYY), not ISO. */
export function periodText(value: DateRangePickerProps.AbsoluteValue, language: 'en' | 'ja'): [string, string] {
  return [formatCalendarDate(value.startDate.slice(0, 10), language), formatCalendarDate(value.endDate.slice(0, 10), language)];
}

/**
 * Cloudscape's date range picker as every period picker of the app shows it (SPEC.md §1, §9): weeks
 * start on Monday in both languages, an absolute range reads in the language's date order, and the
 * dropdown opens over the page (`expandToViewport`), so it stays inside the window at 1366x768 and at
 * phone width. Ranges of whole days (`dateOnly`), which is all the app asks for.
 */
export function PeriodPicker(props: Omit<DateRangePickerProps, 'dateOnly' | 'startOfWeek' | 'expandToViewport' | 'renderTriggerContent'>) {
  const { i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const { value, disabled, readOnly } = props;
  const absolute = value?.type === 'absolute' && value.startDate && value.endDate ? periodText(value, language) : undefined;
  return (
    <DateRangePicker
      {...props}
      dateOnly
      dateInputFormat="slashed"
      // The trigger as Cloudscape draws it (calendar icon, then the range), with the dates in the language's order.
      renderTriggerContent={({ formattedDate }) => (
        <span className="period-trigger" data-testid="period-trigger">
          <Icon name="calendar" variant={disabled || readOnly ? 'disabled' : 'normal'} />
          {absolute ? (
            <span>
              <span className="period-trigger-day">{absolute[0]}</span> — <span className="period-trigger-day">{absolute[1]}</span>
            </span>
          ) : (
            formattedDate
          )}
        </span>
      )}
      startOfWeek={1}
      expandToViewport
    />
  );
}
