import { useTranslation } from 'react-i18next';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { walkNodes } from '@shared/schemas/property-items.ts';
import type { PropertyItem } from '@/lib/property-items-api.ts';
import { itemsInUse } from '@/lib/property-values.ts';
import { emptyPropertyCondition, type PropertyConditionDraft } from './conditions-config.tsx';

/** Every value of a dropdown, each labelled with its path ("Japan / Kanto"): choosing one finds the files under it. */
function dropdownOptions(item: PropertyItem): { value: string; label: string }[] {
  const options: { value: string; label: string }[] = [];
  const names: string[] = [];
  walkNodes(item.options ?? [], (node, depth) => {
    names.length = depth - 1;
    names.push(node.name);
    options.push({ value: node.id, label: names.join(' / ') });
  });
  return options;
}

/**
 * The property items in use as search conditions (docs/property-items.md "Search"): a part of a
 * text, a from/to range of a number or a date, a fixed value, or a dropdown value of any layer.
 * Folded away until opened, open when the search already has one.
 */
export function PropertyConditions({ items, conditions, errors, onChange }: {
  items: readonly PropertyItem[] | undefined;
  conditions: Record<string, PropertyConditionDraft>;
  /** The server's message per item number. */
  errors: Record<string, string>;
  onChange: (conditions: Record<string, PropertyConditionDraft>) => void;
}) {
  const { t } = useTranslation();
  const used = itemsInUse(items);
  if (!used.length) return null;
  const set = (no: string, patch: Partial<PropertyConditionDraft>) => onChange({ ...conditions, [no]: { ...(conditions[no] ?? emptyPropertyCondition), ...patch } });
  const any = { value: '', label: t('search.conditions.propertyAny') };
  const active = Object.values(conditions).some((draft) => Object.values(draft).some((part) => part.trim() !== ''));
  return (
    <ExpandableSection headerText={t('search.conditions.properties')} defaultExpanded={active} data-testid="search-properties">
      <ColumnLayout columns={3}>
        {used.map((item) => {
          const no = String(item.item_no);
          const draft = conditions[no] ?? emptyPropertyCondition;
          const testId = `search-property-${no}`;
          const label = item.unit ? `${item.name} (${item.unit})` : item.name;
          let control;
          if (item.type === 'text') {
            control = <Input value={draft.text} type="search" placeholder={t('search.conditions.propertyContains')} onChange={({ detail }) => set(no, { text: detail.value })} data-testid={testId} />;
          } else if (item.type === 'number' || item.type === 'date') {
            const bound = (part: 'from' | 'to') =>
              item.type === 'date' ? (
                <DatePicker
                  value={draft[part]}
                  placeholder="YYYY/MM/DD"
                  startOfWeek={1}
                  onChange={({ detail }) => set(no, { [part]: detail.value })}
                  ariaLabel={`${item.name} ${t(`search.conditions.property${part === 'from' ? 'From' : 'To'}`)}`}
                  data-testid={`${testId}-${part}`}
                />
              ) : (
                <Input
                  value={draft[part]}
                  inputMode="decimal"
                  placeholder={t(`search.conditions.property${part === 'from' ? 'From' : 'To'}`)}
                  onChange={({ detail }) => set(no, { [part]: detail.value })}
                  ariaLabel={`${item.name} ${t(`search.conditions.property${part === 'from' ? 'From' : 'To'}`)}`}
                  data-testid={`${testId}-${part}`}
                />
              );
            control = (
              <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                {bound('from')}
                <span aria-hidden="true">〜</span>
                {bound('to')}
              </SpaceBetween>
            );
          } else {
            const options = [any, ...(item.type === 'fixed' ? (item.values ?? []).map((value) => ({ value: value.id, label: value.name })) : dropdownOptions(item))];
            control = (
              <Select
                selectedOption={options.find((option) => option.value === draft.value_id) ?? any}
                options={options}
                filteringType={options.length > 10 ? 'auto' : 'none'}
                onChange={({ detail }) => set(no, { value_id: detail.selectedOption.value ?? '' })}
                data-testid={testId}
              />
            );
          }
          return (
            <FormField key={no} label={label} errorText={errors[no]}>
              {control}
            </FormField>
          );
        })}
      </ColumnLayout>
    </ExpandableSection>
  );
}
