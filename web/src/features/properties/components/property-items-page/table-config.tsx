import type { TFunction } from 'i18next';
import type { TableProps } from '@cloudscape-design/components/table';
import type { PropertyItem } from '@/lib/property-items-api.ts';

const countNodes = (nodes: readonly { children?: readonly unknown[] }[] | undefined): number =>
  (nodes ?? []).reduce((sum, node) => sum + 1 + countNodes(node.children as { children?: readonly unknown[] }[] | undefined), 0);

/** The property items table's columns: number, name, type, required, usage, length, unit, values. */
export const columnsOf = (t: TFunction): TableProps.ColumnDefinition<PropertyItem>[] => [
  { id: 'no', header: t('properties.columns.no'), cell: (item) => item.item_no, width: 70 },
  { id: 'name', header: t('properties.columns.name'), cell: (item) => <span data-testid={`property-row-${item.item_no}`}>{item.name}</span> },
  { id: 'type', header: t('properties.columns.type'), cell: (item) => t(`properties.types.${item.type}`) },
  { id: 'required', header: t('properties.columns.required'), cell: (item) => (item.required === 1 ? t('properties.yes') : t('properties.no')) },
  { id: 'used', header: t('properties.columns.used'), cell: (item) => (item.used === 1 ? t('properties.usedOn') : t('properties.usedOff')) },
  { id: 'length', header: t('properties.columns.length'), cell: (item) => item.length ?? '-' },
  { id: 'unit', header: t('properties.columns.unit'), cell: (item) => item.unit ?? '-' },
  {
    id: 'values',
    header: t('properties.columns.values'),
    cell: (item) =>
      item.type === 'fixed' ? (item.values ?? []).map((value) => value.name).join(', ')
        : item.type === 'dropdown' ? `${t('properties.layersCount', { count: item.layers })}, ${t('properties.valuesCount', { count: countNodes(item.options) })}`
          : '-',
  },
];
