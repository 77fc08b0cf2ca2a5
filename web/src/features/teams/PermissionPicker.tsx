import { useMemo, useState } from 'react';
import { Accordion, Badge, Button, Checkbox, CloseButton, Group, SimpleGrid, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { PERMISSION_CATEGORIES, PERMISSIONS, type PermissionDefinition } from '@filialportal/core/permissions';
import { categoryIcon } from './category-icons.ts';
import { coveringParent, permissionLabel } from './permission-selection.ts';
import classes from './PermissionPicker.module.css';

export interface PermissionPickerProps {
  selected: readonly string[];
  onTick: (name: string) => void;
  onUntick: (name: string) => void;
  /** Nothing can be changed (Admin group, or no right to edit groups). */
  readOnly?: boolean;
  /** Shows every permission as chosen (the Admin group holds them all). */
  allChosen?: boolean;
  /** Whether the editor may hand out a permission (only those he holds, unless Admin). */
  grantable?: (name: string) => boolean;
}

interface CategoryGroup {
  name: string;
  label: string;
  icon: string;
  permissions: PermissionDefinition[];
}

const GROUPS: CategoryGroup[] = PERMISSION_CATEGORIES.map((c) => ({
  ...c,
  permissions: PERMISSIONS.filter((p) => p.category === c.name),
})).filter((g) => g.permissions.length > 0);

function matches(p: PermissionDefinition, term: string) {
  return p.label.toLowerCase().includes(term) || p.name.toLowerCase().includes(term);
}

/**
 * The permissions of a group by category, each a checkbox with its label and (small) its name.
 * A permission whose parent is chosen is shown as covered and cannot be changed on its own.
 */
export function PermissionPicker({ selected, onTick, onUntick, readOnly = false, allChosen = false, grantable }: PermissionPickerProps) {
  const chosen = useMemo(() => new Set(selected), [selected]);
  const [open, setOpen] = useState<string[]>([]);
  const [filter, setFilter] = useState('');
  const term = filter.trim().toLowerCase();

  const visible = useMemo(
    () =>
      term
        ? GROUPS.map((g) => ({ ...g, permissions: g.permissions.filter((p) => matches(p, term)) })).filter((g) => g.permissions.length > 0)
        : GROUPS,
    [term],
  );
  // While searching, every category with a hit is open.
  const expanded = term ? visible.map((g) => g.name) : open;

  const isOn = (name: string) => allChosen || chosen.has(name) || coveringParent(chosen, name) !== null;

  return (
    <div>
      <Group justify="space-between" align="flex-end" gap="sm" mb="sm" wrap="wrap">
        <TextInput
          label="Berechtigung suchen"
          placeholder="Bezeichnung oder Kennung"
          leftSection={<IconSearch size={16} />}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
          rightSection={filter ? <CloseButton size="sm" aria-label="Suche löschen" onClick={() => setFilter('')} /> : null}
          w={{ base: '100%', xs: 320 }}
        />
        {!term && (
          <Group gap="xs">
            <Button variant="subtle" size="compact-sm" color="stone" onClick={() => setOpen(GROUPS.map((g) => g.name))}>
              Alle aufklappen
            </Button>
            <Button variant="subtle" size="compact-sm" color="stone" onClick={() => setOpen([])}>
              Alle zuklappen
            </Button>
          </Group>
        )}
      </Group>

      {visible.length === 0 && (
        <Text c="dimmed" size="sm" py="md" ta="center">
          Keine Berechtigung zu dieser Suche gefunden
        </Text>
      )}

      <Accordion multiple variant="contained" value={expanded} onChange={setOpen} classNames={{ control: classes.control }}>
        {visible.map((group) => {
          const Icon = categoryIcon(group.icon);
          const all = GROUPS.find((g) => g.name === group.name)!.permissions;
          const count = all.filter((p) => isOn(p.name)).length;
          return (
            <Accordion.Item key={group.name} value={group.name}>
              <Accordion.Control
                icon={
                  <ThemeIcon variant="light" color={count > 0 ? 'oak' : 'stone'} size={30} radius="md">
                    <Icon size={18} stroke={1.7} />
                  </ThemeIcon>
                }
              >
                <Group justify="space-between" wrap="nowrap" gap="sm" pr="xs">
                  <Text fw={600} size="sm">
                    {group.label}
                  </Text>
                  <Badge variant={count > 0 ? 'light' : 'outline'} color={count > 0 ? 'oak' : 'stone'} className={classes.count}>
                    {count} / {all.length}
                  </Badge>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" verticalSpacing="sm" pt={4}>
                  {group.permissions.map((p) => {
                    const cover = allChosen ? null : coveringParent(chosen, p.name);
                    const on = isOn(p.name);
                    const lockedOut = !on && grantable !== undefined && !grantable(p.name);
                    return (
                      <Checkbox
                        key={p.name}
                        checked={on}
                        disabled={readOnly || cover !== null || lockedOut}
                        onChange={(e) => (e.currentTarget.checked ? onTick(p.name) : onUntick(p.name))}
                        label={p.label}
                        description={
                          <>
                            <span className={classes.name}>{p.name}</span>
                            {cover && <span> · enthalten in „{permissionLabel(cover)}“</span>}
                            {lockedOut && <span> · nicht vergebbar</span>}
                          </>
                        }
                        classNames={{ label: classes.label }}
                      />
                    );
                  })}
                </SimpleGrid>
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </div>
  );
}
