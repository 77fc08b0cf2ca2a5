import { Button, Group, Loader, Select, SimpleGrid, Stack, Switch, Table, Tabs, TagsInput, Text, TextInput } from '@mantine/core';
import { salesName } from '@filialportal/core/assortment';
import { MSG } from '@filialportal/core/messages';
import { OUTLET, ZArticleRequest } from '@filialportal/core/stock';
import { useCan } from '../../shell-api/current-user.tsx';
import { alertError } from '../../ui/alert-error.ts';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import { zodResolver } from '../../ui/form-problem.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { LoadMoreButton } from '../../ui/LoadMoreButton.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { useCategories } from '../../shell-api/lookups.ts';
import { useArticle, useArticleHistory, useDeleteArticle, useManufacturers, useSaveArticle, type ArticleBody, type ArticleDetail } from './stock.api.ts';

const TEXT_FIELDS = ['number', 'ean', 'name', 'decor', 'sales1', 'sales2', 'sales3', 'strength', 'quality', 'baseboard', 'corner'] as const;
const NUMBER_FIELDS = ['srp', 'price', 'actionPrice', 'advertisingActionPrice', 'package', 'package2', 'position'] as const;
const DATE_FIELDS = ['actionPriceFrom', 'actionPriceTill', 'advertisingFrom', 'advertisingTill', 'deliveryCentralWarehouse', 'deliveryCentralWarehouse2'] as const;
type TypedField = (typeof TEXT_FIELDS)[number] | (typeof NUMBER_FIELDS)[number] | (typeof DATE_FIELDS)[number] | 'manufacturer' | 'category';
/** The fields as typed (numbers and dates as text), the switches and the further EANs. */
type Values = Record<TypedField, string> & { outlet: boolean; advertising: boolean; active: boolean; scanList: string[] };
const decimal = (v: number | null) => (v === null ? '' : String(v).replace('.', ','));

function valuesOf(a: ArticleDetail | undefined, categoryId: string): Values {
  const typed = Object.fromEntries([
    ...TEXT_FIELDS.map((k) => [k, a?.[k] ?? '']),
    ...NUMBER_FIELDS.map((k) => [k, k === 'position' ? String(a?.position ?? 0) : decimal(a?.[k] ?? null)]),
    ...DATE_FIELDS.map((k) => [k, a?.[k] ?? '']),
  ]) as Record<TypedField, string>;
  return { ...typed, manufacturer: a?.manufacturer.id ?? '', category: a?.category.id ?? categoryId, outlet: a?.outlet === OUTLET, advertising: a?.advertising ?? false, active: a?.active ?? true, scanList: a?.scanList ?? [] };
}

const bodyOf = (v: Values): ArticleBody => ({ ...v, outlet: v.outlet ? OUTLET : '' });

/**
 * The article modal (spec 2 §2): tabs Artikel, Preise, Verpackung, Lieferdaten, Historie. Who may
 * not edit sees the same tabs read-only. Clearing an action price's start clears its end (§4).
 */
export function ArticleFormModal({ articleId, categoryId, location, onClose }: { articleId: string | null; categoryId: string; location: string; onClose: () => void }) {
  const article = useArticle(articleId, location);
  if (articleId && article.isPending) return <FormModal opened onClose={onClose} title="Artikel" submitLabel="Schließen" onSubmit={onClose} children={<Loader mx="auto" />} />;
  return <ArticleForm key={article.data?.id ?? 'neu'} articleId={articleId} article={article.data} loadError={article.error} categoryId={categoryId} onClose={onClose} />;
}

function ArticleForm({ articleId, article, loadError, categoryId, onClose }: { articleId: string | null; article: ArticleDetail | undefined; loadError: Error | null; categoryId: string; onClose: () => void }) {
  const can = useCan();
  const categories = useCategories();
  const manufacturers = useManufacturers();
  const save = useSaveArticle();
  const remove = useDeleteArticle();
  const editable = articleId ? can('sortiment_artikel_bearbeiten') : can('sortiment_artikel_erstellen');
  // A field's problem stands under it and above the buttons: the field may be on another tab.
  const { form, values, message, fieldError, refused } = useCheckedForm<Values>({
    initialValues: valuesOf(article, categoryId),
    validate: zodResolver(ZArticleRequest, (v: Values) => ({ article: bodyOf(v) })),
    oneAtATime: true,
    messagesUnder: 'all',
    listEveryMessage: true,
  });

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    form.setValues({ [key]: value, ...(key === 'actionPriceFrom' && value === '' ? { actionPriceTill: '' } : {}), ...(key === 'advertisingFrom' && value === '' ? { advertisingTill: '' } : {}) });
  const category = categories.data?.find((c) => c.id === values.category);
  const text = (key: TypedField, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput label={label} value={values[key]} onChange={(e) => set(key, e.currentTarget.value)} error={fieldError(key)} readOnly={!editable} {...extra} />
  );

  const submit = () => {
    if (!editable) return onClose();
    form.onSubmit((v) => save.mutate({ id: articleId, body: bodyOf(v) }, { onSuccess: onClose, onError: (e) => refused(e) }))();
  };

  return (
    <FormModal
      opened
      onClose={onClose}
      title={articleId ? `Artikel ${article?.number ?? ''}` : 'Neuer Artikel'}
      submitLabel={editable ? (articleId ? 'Speichern' : 'Artikel anlegen') : 'Schließen'}
      onSubmit={submit}
      loading={save.isPending}
      error={message ?? loadError?.message ?? null}
      size="xl"
    >
      <Tabs defaultValue="article">
        <Tabs.List mb="md">
          <Tabs.Tab value="article">Artikel</Tabs.Tab>
          <Tabs.Tab value="prices">Preise</Tabs.Tab>
          <Tabs.Tab value="package">Verpackung</Tabs.Tab>
          <Tabs.Tab value="delivery">Lieferdaten</Tabs.Tab>
          {articleId && <Tabs.Tab value="history">Historie</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="article">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {text('number', 'Nummer', { required: true, 'data-autofocus': true })}
              {text('ean', 'EAN', { required: true, inputMode: 'numeric' })}
              <Select
                label="Hersteller"
                required
                data={(manufacturers.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
                value={values.manufacturer || null}
                onChange={(v) => set('manufacturer', v ?? '')}
                error={fieldError('manufacturer')}
                readOnly={!editable}
                searchable
                placeholder="Bitte wählen"
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('decor', 'Bezeichnung (Dekor)')}
              {text('name', 'Name')}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                label="Sortiment"
                required
                data={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                value={values.category || null}
                onChange={(v) => set('category', v ?? '')}
                error={fieldError('category')}
                readOnly={!editable}
                placeholder="Bitte wählen"
              />
              {text('quality', 'Qualität')}
              {text('strength', 'Stärke')}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {([1, 2, 3] as const).map((n) => (
                <span key={n}>{text(`sales${n}`, category ? salesName(category, n) : `Abverkauf Spalte ${n}`)}</span>
              ))}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {text('baseboard', 'Sockelleiste')}
              {text('corner', 'Ecke')}
              {text('position', 'Position', { inputMode: 'numeric' })}
            </SimpleGrid>
            <TagsInput label="Weitere EANs (Scanliste)" value={values.scanList} onChange={(v) => set('scanList', v)} readOnly={!editable} error={fieldError('scanList')} splitChars={[',', ' ', ';']} />
            <Switch label="Outlet-Artikel" checked={values.outlet} onChange={(e) => set('outlet', e.currentTarget.checked)} disabled={!editable} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="prices">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {text('srp', 'UVP (€)', { inputMode: 'decimal' })}
              {text('price', 'Preis (€)', { inputMode: 'decimal' })}
              {text('actionPrice', 'Aktionspreis (€)', { inputMode: 'decimal' })}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('actionPriceFrom', 'Aktionspreis von', { placeholder: 'tt.mm.jjjj hh:mm' })}
              {text('actionPriceTill', 'Aktionspreis bis', { placeholder: 'tt.mm.jjjj hh:mm', disabled: !values.actionPriceFrom })}
            </SimpleGrid>
            <Switch label="Werbung" checked={values.advertising} onChange={(e) => set('advertising', e.currentTarget.checked)} disabled={!editable} />
            {values.advertising && (
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {text('advertisingActionPrice', 'Werbepreis (€)', { inputMode: 'decimal' })}
                {text('advertisingFrom', 'Werbung von', { placeholder: 'tt.mm.jjjj hh:mm' })}
                {text('advertisingTill', 'Werbung bis', { placeholder: 'tt.mm.jjjj hh:mm', disabled: !values.advertisingFrom })}
              </SimpleGrid>
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="package">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('package', 'Pakete je Palette', { inputMode: 'numeric' })}
            {text('package2', 'Bestand Zentrallager', { inputMode: 'numeric' })}
          </SimpleGrid>
        </Tabs.Panel>
        <Tabs.Panel value="delivery">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('deliveryCentralWarehouse', 'Lieferung Zentrallager', { placeholder: 'tt.mm.jjjj' })}
            {text('deliveryCentralWarehouse2', 'Weitere Lieferung Zentrallager', { placeholder: 'tt.mm.jjjj' })}
          </SimpleGrid>
        </Tabs.Panel>
        {articleId && article && (
          <Tabs.Panel value="history">
            <History article={article} />
          </Tabs.Panel>
        )}
      </Tabs>
      {articleId && can('sortiment_artikel_l_schen') && (
        <Group>
          <Button
            variant="subtle"
            color="red"
            onClick={() => openConfirm({ title: MSG.articleDeleteConfirm, onConfirm: () => remove.mutate(articleId, { onSuccess: onClose, onError: alertError }) })}
          >
            Artikel löschen
          </Button>
        </Group>
      )}
    </FormModal>
  );
}

function History({ article }: { article: ArticleDetail }) {
  const history = useArticleHistory(article.id);
  const items = history.data?.pages.flatMap((p) => p.historyItems) ?? [];
  const count = history.data?.pages.at(-1)?.count ?? 0;
  return (
    <Stack gap="md">
      <div>
        <Text fw={600} size="sm" mb={4}>
          Bestand je Standort
        </Text>
        <Table striped withTableBorder fz="sm">
          <Table.Tbody>
            {article.stocks.map((s) => (
              <Table.Tr key={s.location.id}>
                <Table.Td>{s.location.name}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {s.count}
                </Table.Td>
                <Table.Td c="dimmed">{s.updatedAt ? `gezählt am ${s.updatedAt} von ${s.userName}` : ''}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td fw={600}>Gesamt</Table.Td>
              <Table.Td ta="right" fw={700}>
                {article.stockTotal}
              </Table.Td>
              <Table.Td />
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </div>
      <div>
        <Text fw={600} size="sm" mb={4}>
          Änderungen
        </Text>
        {items.length === 0 && !history.isPending ? (
          <Text size="sm" c="dimmed">
            Noch keine Bestandsänderungen.
          </Text>
        ) : (
          <Table striped withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Zeitpunkt</Table.Th>
                <Table.Th>Standort</Table.Th>
                <Table.Th>Von</Table.Th>
                <Table.Th ta="right">Vorher</Table.Th>
                <Table.Th ta="right">Nachher</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((h) => (
                <Table.Tr key={h.id}>
                  <Table.Td>{h.updatedAtFormated}</Table.Td>
                  <Table.Td>{h.locationName}</Table.Td>
                  <Table.Td>
                    {h.userName}
                    {h.reason && (
                      <Text span size="xs" c="dimmed" display="block">
                        {h.reason}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{h.before ?? '–'}</Table.Td>
                  <Table.Td ta="right">{h.after}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <LoadMoreButton shown={items.length} count={count} loading={history.isFetchingNextPage} onLoad={() => void history.fetchNextPage()} />
      </div>
    </Stack>
  );
}
