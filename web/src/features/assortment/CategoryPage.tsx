import { useState } from 'react';
import { Button, Card, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { MSG } from '@filialportal/core/messages';
import { useCan } from '../../shell-api/current-user.tsx';
import { alertError } from '../../ui/alert-error.ts';
import { showAlert } from '../../ui/AlertPopup.tsx';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { CategoryFormModal } from './CategoryFormModal.tsx';
import { CategoryTile } from './CategoryTile.tsx';
import { useCategories, type Category } from '../../shell-api/lookups.ts';
import { useDeleteCategory } from './assortment.api.ts';

/** The stock page's address for a category (spec 2 §2 'Zum Bestand' without own link). */
export const stockPathOf = (c: Pick<Category, 'id'>) => `/sortiment/bestand?sortiment=${c.id}`;

/** 'Sortiment' (spec 2 §2 CategoryPage): one tile per category by position. */
export function CategoryPage() {
  const can = useCan();
  const navigate = useNavigate();
  const categories = useCategories();
  const remove = useDeleteCategory();
  const [form, setForm] = useState<{ category: Category | null } | null>(null);

  const onDelete = (c: Category) => {
    // Only empty categories may go (spec 2 §4); the server checks again.
    if (c.articleCount > 0) return showAlert(MSG.categoryNotEmpty, 'warning');
    openConfirm({ title: 'Sortiment löschen', text: MSG.categoryDeleteConfirm.replace('{name}', c.name), onConfirm: () => remove.mutate(c.id, { onError: alertError }) });
  };

  return (
    <>
      <PageHeader
        title="Sortiment"
        actions={
          can('sortiment_kategorie_erstellen') && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ category: null })}>
              Neues Sortiment
            </Button>
          )
        }
      />
      <QueryError error={categories.error} />
      {categories.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label="Sortimente werden geladen">
          {Array.from({ length: 6 }, (_, i) => (
            <Card key={i} withBorder radius="md">
              <Stack gap="sm">
                <Skeleton h={22} w="50%" />
                <Skeleton h={40} />
                <Skeleton h={40} />
                <Skeleton h={40} />
                <Skeleton h={36} />
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      ) : categories.data?.length === 0 ? (
        <Card withBorder radius="md" py={40}>
          <Text c="dimmed" size="sm" ta="center">
            Keine Sortimente vorhanden
          </Text>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {categories.data?.map((c) => (
            <CategoryTile key={c.id} category={c} onEdit={(category) => setForm({ category })} onDelete={onDelete} onStock={(category) => navigate(stockPathOf(category))} />
          ))}
        </SimpleGrid>
      )}
      {form && <CategoryFormModal opened category={form.category} onClose={() => setForm(null)} />}
    </>
  );
}
