import { useEffect, useMemo, useState } from 'react';
import { ActionIcon, Box, Button, Card, ColorSwatch, Group, Menu, NumberInput, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconBarcode, IconCalendarCheck, IconEye, IconEyeOff, IconPlus, IconSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { salesName } from '@filialportal/core/assortment';
import { MSG } from '@filialportal/core/messages';
import { rowColor, STOCK_MAX } from '@filialportal/core/stock';
import { countOf, formatCount } from '@filialportal/core/plural';
import { useCan, useCurrentUser } from '../../shell-api/current-user.tsx';
import { alertError } from '../../ui/alert-error.ts';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { LoadMoreButton } from '../../ui/LoadMoreButton.tsx';
import { LocationSelect } from '../../ui/LocationSelect.tsx';
import { PHONE_QUERY, PhoneFilters } from '../../ui/PhoneFilters.tsx';
import { setQuery } from '../../ui/edit-query.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { SortableTable, type Column } from '../../ui/SortableTable.tsx';
import { useCategories } from '../../shell-api/lookups.ts';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { ArticleFormModal } from './ArticleFormModal.tsx';
import { StockChangeModal } from './StockChangeModal.tsx';
import { StockChecksModal } from './StockChecksModal.tsx';
import { useStockRights } from '../../shell-api/stock-rights.ts';
import { articleRows, useArticles, useColorLabels, useLoadAllArticles, useManufacturers, useSetActive, useSetLabel, useUpdateStock, type Article, type StockFilter } from './stock.api.ts';

const money = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

/**
 * A text filter kept in the address: typing filters after 300 ms (spec 2 §9) and writes the term
 * there; a link to the open page with another value (the header's search) sets the field to it.
 */
function useAddressText(params: URLSearchParams, name: string) {
  const inAddress = params.get(name) ?? '';
  const [value, setValue] = useState(inAddress);
  const [term] = useDebouncedValue(value, 300);
  const [seen, setSeen] = useState(inAddress);
  if (inAddress !== seen) {
    setSeen(inAddress);
    // The page writes the term it filters by; any other value came from outside.
    if (inAddress !== term) setValue(inAddress);
  }
  return [value, setValue, term] as const;
}

/**
 * 'Sortiment/Bestand' (spec 2 §2 StockPage): category and location in the address, filters,
 * the article list with row colours, stock of the chosen location (editable per permission),
 * colour labels, the eye button, and the modals for articles, stock changes and stock checks.
 */
export function StockPage() {
  const can = useCan();
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const categories = useCategories();
  const manufacturers = useManufacturers();
  const labels = useColorLabels();
  const category = params.get('sortiment') ?? categories.data?.[0]?.id ?? '';
  const location = params.get('standort') ?? user.currentLocation?.id ?? user.location?.id ?? '';
  const [number, setNumber, numberTerm] = useAddressText(params, 'nummer');
  const [decor, setDecor, decorTerm] = useAddressText(params, 'bezeichnung');
  const filter: StockFilter = { category, location, manufacturer: params.get('hersteller') ?? '', label: params.get('label') ?? '', number: numberTerm, decor: decorTerm, sorting: params.get('sortierung') ?? 'number' };
  const list = useArticles(filter);
  const loadAll = useLoadAllArticles(filter);
  const { rows, count } = articleRows(list.data);
  const current = categories.data?.find((c) => c.id === category);
  const [article, setArticle] = useState<{ id: string | null } | null>(null);
  // The scan session is in the address: a reload (also without network) opens it again.
  const changing = params.get('zaehlen') === '1';
  const setChanging = (open: boolean) => setQuery(setParams, { zaehlen: open ? '1' : '' });
  const [checks, setChecks] = useState(false);

  const set = (changes: Record<string, string>) => setQuery(setParams, changes);
  useEffect(() => set({ nummer: numberTerm, bezeichnung: decorTerm }), [numberTerm, decorTerm]); // eslint-disable-line react-hooks/exhaustive-deps

  const rights = useStockRights();
  const mayEditStock = rights.mayChangeAt(location);
  const columns = useStockColumns({ salesNames: current ?? { sales1Name: '', sales2Name: '', sales3Name: '' }, location, mayEditStock, onOpen: (a) => setArticle({ id: a.id }) });
  // The width the visible columns need (strength and sales from 'xl', quality from 'lg'):
  // narrower boxes show cards, so 'Bestand' never leaves the screen.
  const xl = useMediaQuery('(min-width: 88em)', false, { getInitialValueInEffect: false });
  const lg = useMediaQuery('(min-width: 75em)', false, { getInitialValueInEffect: false });
  const tableWidth = xl ? 1100 : lg ? 820 : 680;
  // On a phone 'Bestand ändern' (scan or type an EAN) waits at the bottom of the screen while
  // the cards scroll past, instead of at the top of a list of fifty articles.
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const changeButton = rights.any && (
    <Button variant={phone ? 'filled' : 'light'} leftSection={<IconBarcode size={16} />} onClick={() => setChanging(true)}>
      Bestand ändern
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Bestand"
        breadcrumbs={[{ label: 'Sortiment', to: '/sortiment' }, { label: current?.name ?? 'Bestand' }]}
        actions={
          <Group gap="sm">
            <Button variant="default" leftSection={<IconCalendarCheck size={16} />} onClick={() => setChecks(true)} disabled={!category}>
              Bestandsprüfungen
            </Button>
            {!phone && changeButton}
            {can('sortiment_artikel_erstellen') && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setArticle({ id: null })}>
                Neuer Artikel
              </Button>
            )}
          </Group>
        }
      />
      <Card withBorder radius="md" mb="md" p="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Sortiment"
            data={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            value={category || null}
            onChange={(v) => set({ sortiment: v ?? '' })}
            allowDeselect={false}
            w={{ base: '100%', xs: 200 }}
          />
          <LocationSelect label="Standort" value={location} onChange={(v) => set({ standort: v })} withAll={false} />
          <PhoneFilters active={[filter.label, filter.manufacturer, number, decor].filter(Boolean).length}>
            <Select
              label="Farblabel"
              placeholder="Alle"
              data={(labels.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
              value={filter.label || null}
              onChange={(v) => set({ label: v ?? '' })}
              clearable
              w={{ base: '100%', xs: 160 }}
            />
            <Select
              label="Hersteller"
              placeholder="Alle"
              data={(manufacturers.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
              value={filter.manufacturer || null}
              onChange={(v) => set({ hersteller: v ?? '' })}
              clearable
              searchable
              w={{ base: '100%', xs: 190 }}
            />
            <TextInput label="Artikelnummer" value={number} onChange={(e) => setNumber(e.currentTarget.value)} leftSection={<IconSearch size={14} />} w={{ base: '100%', xs: 150 }} />
            <TextInput label="Bezeichnung" value={decor} onChange={(e) => setDecor(e.currentTarget.value)} leftSection={<IconSearch size={14} />} w={{ base: '100%', xs: 180 }} />
          </PhoneFilters>
          {can('sortiment_artikel_exportieren') && (
            <ExportButton
              path={`/api/export/${encodeURIComponent(category || 'null')}/${filter.manufacturer || 'null'}/${encodeURIComponent(decorTerm || 'null')}/null/0/${rows.length}?${new URLSearchParams({ sorting: filter.sorting, ...(location ? { location } : {}), ...(filter.label ? { label: filter.label } : {}) })}`}
            />
          )}
        </Group>
      </Card>
      <QueryError error={list.error} />
      <Card withBorder radius="md" p={0}>
        <SortableTable
          label="Artikel"
          columns={columns}
          rows={rows}
          rowKey={(a) => a.id}
          sort={filter.sorting}
          onSortChange={(s) => set({ sortierung: s === 'number' ? '' : s })}
          loading={list.isPending}
          emptyText={MSG.noArticles}
          minWidth={tableWidth}
          cards
          spacing="xs"
          rowStyle={(a, i) => ({ backgroundColor: rowColor(a, i), opacity: a.active ? 1 : 0.55 })}
        />
        <Group justify="space-between" p="sm" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite">
            {list.data ? `${formatCount(rows.length)} von ${countOf(count, 'Artikel', 'Artikeln')}` : ''}
          </Text>
          <Group gap="sm">
            <LoadMoreButton shown={rows.length} count={count} loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} label="Weitere Artikel anzeigen" />
            {count > rows.length && (
              <Button variant="subtle" onClick={() => loadAll.mutate(undefined, { onError: alertError })} loading={loadAll.isPending}>
                alle Artikel laden
              </Button>
            )}
          </Group>
        </Group>
      </Card>
      {phone && changeButton && (
        <Group justify="flex-end" mt="md" style={{ position: 'sticky', bottom: 'var(--mantine-spacing-md)', zIndex: 3, pointerEvents: 'none' }}>
          <Box style={{ pointerEvents: 'auto', borderRadius: 'var(--mantine-radius-md)', boxShadow: 'var(--mantine-shadow-md)' }}>{changeButton}</Box>
        </Group>
      )}
      {article && <ArticleFormModal articleId={article.id} categoryId={category} location={location} onClose={() => setArticle(null)} />}
      {changing && rights.any && <StockChangeModal location={location} category={category ? { id: category, name: current?.name ?? '' } : null} onClose={() => setChanging(false)} />}
      {checks && current && <StockChecksModal category={current} location={location} onClose={() => setChecks(false)} />}
    </>
  );
}

function useStockColumns({ salesNames, location, mayEditStock, onOpen }: { salesNames: { sales1Name: string; sales2Name: string; sales3Name: string }; location: string; mayEditStock: boolean; onOpen: (a: Article) => void }) {
  const can = useCan();
  const labels = useColorLabels();
  const setActive = useSetActive();
  const setLabel = useSetLabel();
  const update = useUpdateStock();
  const tools = can('sortiment_artikel_aktiv_inaktiv_setzen') || can('sortiment_artikel_label_bearbeiten');
  return useMemo<Column<Article>[]>(
    () => [
      {
        key: 'tools',
        label: '',
        width: tools ? 72 : 24,
        card: 'badge',
        render: (a) => (
          <Group gap={2} wrap="nowrap">
            {can('sortiment_artikel_aktiv_inaktiv_setzen') && (
              <Tooltip label={a.active ? 'Aktiv – ausblenden' : 'Inaktiv – einblenden'}>
                <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`${a.number} ${a.active ? 'inaktiv setzen' : 'aktiv setzen'}`} onClick={() => setActive.mutate({ id: a.id, active: !a.active }, { onError: alertError })}>
                  {a.active ? <IconEye size={16} /> : <IconEyeOff size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
            {can('sortiment_artikel_label_bearbeiten') ? (
              <Menu withinPortal position="bottom-start">
                <Menu.Target>
                  <ActionIcon variant="subtle" size="sm" aria-label={`Farblabel von ${a.number}`}>
                    <ColorSwatch color={a.label?.hex ?? 'transparent'} size={14} withShadow />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Label>Farblabel</Menu.Label>
                  {(labels.data ?? []).map((l) => (
                    <Menu.Item key={l.id} leftSection={<ColorSwatch color={l.hex} size={14} />} onClick={() => setLabel.mutate({ id: a.id, label: l.id }, { onError: alertError })}>
                      {l.name}
                    </Menu.Item>
                  ))}
                  <Menu.Item onClick={() => setLabel.mutate({ id: a.id, label: null }, { onError: alertError })}>Kein Label</Menu.Item>
                </Menu.Dropdown>
              </Menu>
            ) : (
              a.label && <ColorSwatch color={a.label.hex} size={14} title={a.label.name} />
            )}
          </Group>
        ),
      },
      {
        key: 'number',
        label: 'Nummer',
        sortable: true,
        nowrap: true,
        card: 'title',
        render: (a) => (
          <Text component="button" type="button" size="sm" fw={600} c="brand.7" onClick={() => onOpen(a)} style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer' }}>
            {a.number}
          </Text>
        ),
      },
      { key: 'manufacturer.name', label: 'Hersteller', sortable: true, render: (a) => a.manufacturer.name },
      { key: 'decor', label: 'Bezeichnung', sortable: true, render: (a) => (a.outlet === 'A' ? `${a.decor} (Outlet)` : a.decor) },
      { key: 'quality', label: 'Qualität', sortable: true, render: (a) => a.quality, visibleFrom: 'lg' },
      { key: 'strength', label: 'Stärke', render: (a) => a.strength, visibleFrom: 'xl', nowrap: true, card: 'hidden' },
      ...([1, 2, 3] as const).map((n) => ({
        key: `sales${n}`,
        label: salesName(salesNames, n),
        render: (a: Article) => a[`sales${n}`],
        visibleFrom: 'xl' as const,
        align: 'right' as const,
        card: 'hidden' as const,
      })),
      {
        key: 'price',
        label: 'Preis',
        sortable: true,
        align: 'right',
        nowrap: true,
        render: (a) =>
          a.actionPriceActive && a.actionPrice !== null ? (
            <Box>
              {/* Dark enough on the light row colours (advertising, outlet, labels). */}
              <Text size="sm" fw={700} c="var(--mantine-color-red-light-color)">
                {money.format(a.actionPrice)}
              </Text>
              <Text size="xs" td="line-through" c="dimmed">
                {a.price !== null ? money.format(a.price) : ''}
              </Text>
            </Box>
          ) : a.price !== null ? (
            money.format(a.price)
          ) : (
            ''
          ),
      },
      {
        key: 'stock',
        label: 'Bestand',
        sortable: true,
        align: 'right',
        width: 110,
        render: (a) =>
          mayEditStock && location ? (
            <NumberInput
              key={`${a.id}-${a.stock}`}
              aria-label={`Bestand ${a.number}`}
              defaultValue={a.stock ?? ''}
              min={0}
              max={STOCK_MAX}
              allowDecimal={false}
              allowNegative={false}
              hideControls
              size="xs"
              w={80}
              styles={{ input: { textAlign: 'right' } }}
              onBlur={(e) => {
                const value = e.currentTarget.value.trim();
                if (value === '' || Number(value) === a.stock) return;
                update.mutate({ articleId: a.id, location, count: value }, { onError: alertError });
              }}
              onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
            />
          ) : (
            (a.stock ?? '–')
          ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [labels.data, salesNames, location, mayEditStock, tools],
  );
}
