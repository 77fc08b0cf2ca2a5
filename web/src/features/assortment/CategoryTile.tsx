import { Accordion, ActionIcon, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconPencil, IconTrash, IconTransferIn } from '@tabler/icons-react';
import { MSG } from '@filialportal/core/messages';
import { useCan } from '../../shell-api/current-user.tsx';
import { downloadResource } from '../../ui/download.ts';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { TechTree } from './TechTree.tsx';
import type { Category } from '../../shell-api/lookups.ts';

export interface CategoryTileProps {
  category: Category;
  onEdit: (c: Category) => void;
  onDelete: (c: Category) => void;
  onStock: (c: Category) => void;
}

/** One category of the 'Sortiment' page (spec 2 §2): three accordions and 'Zum Bestand'. */
export function CategoryTile({ category, onEdit, onDelete, onStock }: CategoryTileProps) {
  const can = useCan();
  const contacts = category.contactPersons;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={category.name}>
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Title order={3} fz="lg" lineClamp={1}>
          {category.name}
        </Title>
        <Group gap={4} wrap="nowrap">
          {can('sortiment_kategorie_bearbeiten') && (
            <Tooltip label="Bearbeiten">
              <ActionIcon variant="subtle" color="gray" aria-label={`${category.name} bearbeiten`} onClick={() => onEdit(category)}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {can('sortiment_kategorie_l_schen') && (
            <Tooltip label="Löschen">
              <ActionIcon variant="subtle" color="red" aria-label={`${category.name} löschen`} onClick={() => onDelete(category)}>
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      <Accordion variant="contained" radius="sm" multiple chevronPosition="right" style={{ flex: 1 }}>
        <Accordion.Item value="info">
          <Accordion.Control>Allgemeine Informationen</Accordion.Control>
          <Accordion.Panel>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }} c={category.info ? undefined : 'dimmed'}>
              {category.info || MSG.categoryNoInfo}
            </Text>
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="files">
          <Accordion.Control>Technische Daten ({category.files.length})</Accordion.Control>
          <Accordion.Panel>
            <TechTree category={category} onDownload={(f) => void downloadResource(`/api/categoryfile/${f.id}`, f.name)} />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="contacts">
          <Accordion.Control>Ansprechpartner ({contacts.length})</Accordion.Control>
          <Accordion.Panel>
            {contacts.length === 0 ? (
              <Text size="sm" c="dimmed">
                {MSG.categoryNoContact}
              </Text>
            ) : (
              <Stack gap="sm">
                {contacts.map((p) => (
                  <div key={p.id}>
                    <Text size="sm" fw={600}>
                      {[p.salutation, p.firstName, p.lastName].filter(Boolean).join(' ') || p.company}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[p.company, p.responsibility].filter(Boolean).join(' · ')}
                    </Text>
                    {p.email && (
                      <Anchor href={`mailto:${p.email}`} size="xs" display="block">
                        {p.email}
                      </Anchor>
                    )}
                    {p.phone && (
                      <Anchor href={`tel:${p.phone.replace(/[^+\d]/g, '')}`} size="xs" display="block">
                        {p.phone}
                      </Anchor>
                    )}
                  </div>
                ))}
              </Stack>
            )}
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
      <Button
        mt="md"
        variant="light"
        fullWidth
        rightSection={category.link ? <IconExternalLink size={16} /> : <IconTransferIn size={16} />}
        {...(category.link ? { component: 'a' as const, href: category.link, target: '_blank', rel: 'noopener noreferrer' } : { onClick: () => onStock(category) })}
      >
        Zum Bestand
      </Button>
    </Card>
  );
}
