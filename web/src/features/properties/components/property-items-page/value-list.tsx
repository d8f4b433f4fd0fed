import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';

export interface ValueNode { id?: string; name: string; children?: ValueNode[] }

/**
 * A list of values edited in place, each with its own list of the next layer below it (down to
 * `depth` layers): fixed values are one layer, dropdowns two or three. Errors come by path
 * (`options.0.children.1.name`), as the schema and the server name them.
 */
export function ValueList({ nodes, path, depth, layer = 1, errors, onChange }: {
  nodes: ValueNode[];
  path: string;
  depth: number;
  layer?: number;
  errors: Record<string, string>;
  onChange: (nodes: ValueNode[]) => void;
}) {
  const { t } = useTranslation();
  const set = (index: number, node: ValueNode) => onChange(nodes.map((current, at) => (at === index ? node : current)));
  return (
    <SpaceBetween size="xs">
      {nodes.map((node, index) => {
        const at = `${path}.${index}`;
        const label = depth > 1 ? t('properties.form.layerLabel', { layer, index: index + 1 }) : t('properties.form.valueLabel', { index: index + 1 });
        return (
          <div key={index} data-testid={`value-${at}`}>
            <FormField label={label} errorText={errors[`${at}.name`] ?? errors[at] ?? (layer === depth ? errors[`${at}.children.0`] : undefined)} stretch>
              <SpaceBetween direction="horizontal" size="xs">
                <Input value={node.name} ariaLabel={label} onChange={({ detail }) => set(index, { ...node, name: detail.value })} data-testid={`value-input-${at}`} />
                <Button onClick={() => onChange(nodes.filter((_, position) => position !== index))} nativeButtonAttributes={{ 'data-testid': `value-remove-${at}` }}>
                  {t('properties.form.removeValue')}
                </Button>
              </SpaceBetween>
            </FormField>
            {layer < depth && (
              <Box padding={{ left: 'xl', top: 'xs' }}>
                <ValueList nodes={node.children ?? []} path={`${at}.children`} depth={depth} layer={layer + 1} errors={errors} onChange={(children) => set(index, { ...node, children })} />
              </Box>
            )}
          </div>
        );
      })}
      <Button iconName="add-plus" onClick={() => onChange([...nodes, { name: '' }])} nativeButtonAttributes={{ 'data-testid': `value-add-${path}` }}>
        {layer > 1 ? t('properties.form.addChild') : t('properties.form.addValue')}
      </Button>
    </SpaceBetween>
  );
}
