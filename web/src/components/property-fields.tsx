import { useTranslation } from 'react-i18next';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { PropertyItem } from '@/lib/property-items-api.ts';
import { itemsInUse, type PropertyDraft } from '@/lib/property-values.ts';

type Node = NonNullable<PropertyItem['options']>[number];

/**
 * The property items in use as form fields, generated from their definitions (docs/property-items.md):
 * text and number inputs (with the unit), a date picker, a select of the fixed values, and one
 * select per dropdown layer, each listing the values under the one chosen above it.
 */
export function PropertyFields({ items, draft, errors, onChange, testIdPrefix }: {
  items: readonly PropertyItem[] | undefined;
  draft: PropertyDraft;
  errors: Record<string, string>;
  onChange: (draft: PropertyDraft) => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const used = itemsInUse(items);
  if (!used.length) return null;
  const set = (no: string, value: string | string[]) => onChange({ ...draft, [no]: value });
  const none = { value: '', label: t('properties.fields.none') };
  return (
    <ColumnLayout columns={2}>
      {used.map((item) => {
        const no = String(item.item_no);
        const value = draft[no];
        const text = typeof value === 'string' ? value : '';
        const testId = `${testIdPrefix}-property-${no}`;
        const label = item.required === 1 ? item.name : `${item.name} ${t('properties.fields.optional')}`;
        const hint = item.type === 'text' ? t('properties.fields.textHint', { max: item.length }) : item.type === 'number' ? t('properties.fields.numberHint', { max: item.length }) : undefined;
        let control;
        if (item.type === 'text' || item.type === 'number') {
          control = (
            <Input value={text} inputMode={item.type === 'number' ? 'decimal' : 'text'} onChange={({ detail }) => set(no, detail.value)} data-testid={testId} />
          );
        } else if (item.type === 'date') {
          control = <DatePicker value={text} placeholder="YYYY/MM/DD" startOfWeek={1} onChange={({ detail }) => set(no, detail.value)} data-testid={testId} />;
        } else if (item.type === 'fixed') {
          const options = [none, ...(item.values ?? []).map((option) => ({ value: option.id, label: option.name }))];
          control = (
            <Select
              selectedOption={options.find((option) => option.value === text) ?? none}
              options={options}
              onChange={({ detail }) => set(no, detail.selectedOption.value ?? '')}
              data-testid={testId}
            />
          );
        } else {
          const path = Array.isArray(value) ? value : [];
          const layers: Node[][] = [];
          let level: Node[] = item.options ?? [];
          for (let depth = 0; depth < (item.layers ?? 2); depth++) {
            layers.push(level);
            const chosen = level.find((node) => node.id === path[depth]);
            level = (chosen?.children as Node[] | undefined) ?? [];
          }
          control = (
            <SpaceBetween direction="horizontal" size="xs">
              {layers.map((nodes, depth) => {
                const options = [none, ...nodes.map((node) => ({ value: node.id, label: node.name }))];
                return (
                  <Select
                    key={depth}
                    selectedOption={options.find((option) => option.value === path[depth]) ?? none}
                    options={options}
                    disabled={depth > 0 && !path[depth - 1]}
                    ariaLabel={t('properties.fields.layer', { layer: depth + 1, name: item.name })}
                    onChange={({ detail }) => set(no, detail.selectedOption.value ? [...path.slice(0, depth), detail.selectedOption.value] : path.slice(0, depth))}
                    data-testid={`${testId}-layer-${depth + 1}`}
                  />
                );
              })}
            </SpaceBetween>
          );
        }
        return (
          <FormField key={no} label={label} constraintText={hint} errorText={errors[`properties.${no}`]} secondaryControl={item.unit && (item.type === 'number' || item.type === 'text') ? <span>{item.unit}</span> : undefined} data-testid={`${testId}-field`}>
            {control}
          </FormField>
        );
      })}
    </ColumnLayout>
  );
}
