import { useEffect, useState } from 'react';
import { Button, Group, Loader, Select, SimpleGrid, Stack, Switch, Table, Tabs, TagsInput, Text, TextInput } from '@mantine/core';
import { salesName } from '@filialportal/core/assortment';
import { MSG } from '@filialportal/core/messages';
import { ZArticleRequest } from '@filialportal/core/stock';
import { errorMessage } from '../../api/client.ts';
import { useCan } from '../../shell-api/current-user.tsx';
import { alertError } from '../../ui/alert-error.ts';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import { firstProblem, type FormProblem } from '../../ui/form-problem.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { LoadMoreButton } from '../../ui/LoadMoreButton.tsx';
import { useCategories } from '../assortment/assortment.api.ts';
import { useArticle, useArticleHistory, useDeleteArticle, useManufacturers, useSaveArticle, type ArticleDetail } from './stock.api.ts';

type Form = Record<string, string | boolean | string[]>;

const TEXT_FIELDS = ['number', 'ean', 'name', 'decor', 'sales1', 'sales2', 'sales3', 'strength', 'quality', 'baseboard', 'corner'] as const;
const NUMBER_FIELDS = ['srp', 'price', 'actionPrice', 'advertisingActionPrice', 'package', 'package2', 'position'] as const;
const DATE_FIELDS = ['actionPriceFrom', 'actionPriceTill', 'advertisingFrom', 'advertisingTill', 'deliveryCentralWarehouse', 'deliveryCentralWarehouse2'] as const;
const decimal = (v: number | null) => (v === null ? '' : String(v).replace('.', ','));

function formOf(a: ArticleDetail | undefined, categoryId: string): Form {
  const f: Form = { manufacturer: a?.manufacturer.id ?? '', category: a?.category.id ?? categoryId, outlet: a?.outlet === 'A', advertising: a?.advertising ?? false, active: a?.active ?? true, scanList: a?.scanList ?? [] };
  for (const k of TEXT_FIELDS) f[k] = a?.[k] ?? '';
  for (const k of NUMBER_FIELDS) f[k] = k === 'position' ? String(a?.position ?? 0) : decimal(a?.[k] ?? null);
  for (const k of DATE_FIELDS) f[k] = a?.[k] ?? '';
  return f;
}

const bodyOf = (f: Form) => ({ ...f, outlet: f.outlet ? 'A' : '' });

/**
 * The article modal (spec 2 §2): tabs Artikel, Preise, Verpackung, Lieferdaten, Historie. Who may
 * not edit sees the same tabs read-only. Clearing an action price's start clears its end (§4).
 */
export function ArticleFormModal({ articleId, categoryId, location, onClose }: { articleId: string | null; categoryId: string; location: string; onClose: () => void }) {
  const can = useCan();
  const article = useArticle(articleId, location);
  const categories = useCategories();
  const manufacturers = useManufacturers();
  const save = useSaveArticle();
  const remove = useDeleteArticle();
  const [form, setForm] = useState<Form>(() => formOf(undefined, categoryId));
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const editable = articleId ? can('sortiment_artikel_bearbeiten') : can('sortiment_artikel_erstellen');
  useEffect(() => {
    if (article.data) setForm(formOf(article.data, categoryId));
  }, [article.data, categoryId]);

  const set = (key: string, value: string | boolean | string[]) =>
    setForm((f) => ({ ...f, [key]: value, ...(key === 'actionPriceFrom' && value === '' ? { actionPriceTill: '' } : {}), ...(key === 'advertisingFrom' && value === '' ? { advertisingTill: '' } : {}) }));
  const category = categories.data?.find((c) => c.id === form.category);
  const err = (field: string) => (problem?.fields.includes(field) ? problem.message : undefined);
  const text = (key: string, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput label={label} value={form[key] as string} onChange={(e) => set(key, e.currentTarget.value)} error={err(key)} readOnly={!editable} {...extra} />
  );

  const submit = () => {
    if (!editable) return onClose();
    const body = bodyOf(form);
    const failed = firstProblem(ZArticleRequest, { article: body });
    if (failed) return setProblem(failed);
    setProblem(null);
    save.mutate({ id: articleId, body }, { onSuccess: onClose, onError: (e) => setProblem({ message: errorMessage(e), fields: [] }) });
  };

  if (articleId && article.isPending) return <FormModal opened onClose={onClose} title="Artikel" submitLabel="Schließen" onSubmit={onClose} children={<Loader mx="auto" />} />;

  return (
    <FormModal
      opened
      onClose={onClose}
      title={articleId ? `Artikel ${article.data?.number ?? ''}` : 'Neuer Artikel'}
      submitLabel={editable ? (articleId ? 'Speichern' : 'Artikel anlegen') : 'Schließen'}
      onSubmit={submit}
      loading={save.isPending}
      error={problem?.message ?? article.error?.message ?? null}
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
                value={(form.manufacturer as string) || null}
                onChange={(v) => set('manufacturer', v ?? '')}
                error={err('manufacturer')}
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
                value={(form.category as string) || null}
                onChange={(v) => set('category', v ?? '')}
                error={err('category')}
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
            <TagsInput label="Weitere EANs (Scanliste)" value={form.scanList as string[]} onChange={(v) => set('scanList', v)} readOnly={!editable} error={err('scanList')} splitChars={[',', ' ', ';']} />
            <Switch label="Outlet-Artikel" checked={form.outlet as boolean} onChange={(e) => set('outlet', e.currentTarget.checked)} disabled={!editable} />
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
              {text('actionPriceTill', 'Aktionspreis bis', { placeholder: 'tt.mm.jjjj hh:mm', disabled: !form.actionPriceFrom })}
            </SimpleGrid>
            <Switch label="Werbung" checked={form.advertising as boolean} onChange={(e) => set('advertising', e.currentTarget.checked)} disabled={!editable} />
            {form.advertising && (
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {text('advertisingActionPrice', 'Werbepreis (€)', { inputMode: 'decimal' })}
                {text('advertisingFrom', 'Werbung von', { placeholder: 'tt.mm.jjjj hh:mm' })}
                {text('advertisingTill', 'Werbung bis', { placeholder: 'tt.mm.jjjj hh:mm', disabled: !form.advertisingFrom })}
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
        {articleId && article.data && (
          <Tabs.Panel value="history">
            <History article={article.data} />
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
