import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import type { ProductArea } from '@shared/schemas/groups.ts';
import { useGroupChoices } from '../api/list-group-choices.ts';

/**
 * A product area's user group, or none. The choices load when the dropdown first opens (a detailed
 * form has seven of these); until then the current group shows under the name the user record holds.
 */
export function GroupSelect({
  product,
  value,
  knownName,
  noneLabel,
  onChange,
  testId,
  invalid,
  ariaLabel,
  controlId,
}: {
  product: ProductArea;
  value: string | null;
  /** The current group's name as already known (user record or earlier choice). */
  knownName?: string;
  noneLabel: string;
  onChange: (group: { id: string; name: string } | null) => void;
  testId: string;
  invalid?: boolean;
  ariaLabel?: string;
  controlId?: string;
}) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const { data, error, isLoading } = useGroupChoices(wanted ? product : undefined);
  const none: SelectProps.Option = { value: '', label: noneLabel };
  const options: SelectProps.Option[] = [
    none,
    ...(data?.return_list ?? []).map((group) => ({ value: group.user_group_id, label: group.user_group_nm, description: group.note || undefined })),
  ];
  const selected = value
    ? (options.find((option) => option.value === value) ?? { value, label: knownName || value })
    : none;
  const statusType: 'pending' | 'loading' | 'error' | 'finished' = !wanted ? 'pending' : error ? 'error' : isLoading ? 'loading' : 'finished';
  return (
    <Select
      data-testid={testId}
      controlId={controlId}
      ariaLabel={ariaLabel}
      invalid={invalid}
      selectedOption={selected}
      options={options}
      filteringType="auto"
      statusType={statusType}
      loadingText={t('users.filters.loadingGroups')}
      errorText={t('notice.networkError')}
      onLoadItems={() => setWanted(true)}
      onFocus={() => setWanted(true)}
      onChange={({ detail }) => {
        const id = detail.selectedOption.value;
        onChange(id ? { id, name: detail.selectedOption.label ?? id } : null);
      }}
    />
  );
}
