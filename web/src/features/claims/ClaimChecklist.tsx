import { useState } from 'react';
import { ActionIcon, Autocomplete, Button, Card, Checkbox, CloseButton, Divider, Group, Input, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileTypePdf, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { formatDateTime } from '@filialportal/core/berlin-time';
import { CLAIM_ADDITIONAL_ARTICLES_MAX, CLAIM_ADDITIONAL_INFO_MAX, CLAIM_ARTICLE_TERM_MIN, CLAIM_SCENARIOS, surfaceSize } from '@filialportal/core/claims';
import { MSG } from '@filialportal/core/messages';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import { downloadResource } from '../../ui/download.ts';
import { LocationSelect } from '../../ui/LocationSelect.tsx';
import { ClaimFiles } from './ClaimFiles.tsx';
import { ClaimStockCorrections } from './ClaimStockCorrections.tsx';
import { useArticleSuggestions, useClaimDropdown, type ChecklistBody, type Claim } from './claims.api.ts';

type Lueckentext = NonNullable<ChecklistBody['lueckentext']>;
type ArticleFields = Pick<Lueckentext, 'articleId' | 'articleNumber' | 'supplierName' | 'articleName' | 'quality' | 'packageContent' | 'packageCount' | 'surfaceSize'>;

const EMPTY_ARTICLE: Required<ArticleFields> = { articleId: null, articleNumber: '', supplierName: '', articleName: '', quality: '', packageContent: '', packageCount: '', surfaceSize: '' };
const typed = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v).replace('.', ','));

/** The checklist of a stored claim as the form edits it (numbers as typed, flags from the time stamps). */
export function checklistOf(c: Claim | undefined): ChecklistBody {
  const k = c?.checklist;
  const t = k?.lueckentext;
  const article = (a: ArticleFields | undefined) => ({ ...EMPTY_ARTICLE, ...a, packageContent: typed(a?.packageContent), packageCount: typed(a?.packageCount), surfaceSize: typed(a?.surfaceSize) });
  return {
    scenario: k?.scenario ?? null,
    forwardedToSupplier: Boolean(k?.forwardedToSupplier),
    supplierClaimNumber: k?.supplierClaimNumber ?? '',
    acceptedBySupplier: Boolean(k?.acceptedBySupplier),
    goodWill: k?.goodWill ?? false,
    email: k?.email ?? '',
    coupon: k?.coupon ?? '',
    workflowDone: Boolean(k?.workflowDone),
    additionalInfo: k?.additionalInfo ?? '',
    completed: Boolean(k?.completed),
    stockUpdated: k?.stockUpdated ?? false,
    baNumber: k?.baNumber ?? '',
    lueckentext: {
      ...article(t),
      complaintNumber: t?.complaintNumber ?? '',
      reason: t?.reason ?? '',
      treatment: t?.treatment ?? '',
      stockNeedsUpdate: t?.stockNeedsUpdate ?? null,
      stockNeedsLocation: t?.stockNeedsLocation ?? '',
      stockLocation: t?.stockLocation ?? null,
      name: t?.name ?? '',
      additionalArticles: (t?.additionalArticles ?? []).map(article),
    },
  };
}

/** The article number with suggestions ('Keine passende Artikel gefunden'; the close icon hides the list). */
function ArticleSearch({ value, onPick, onType, readOnly }: { value: string; onPick: (a: { id: string; number: string; name: string; decor: string; manufacturer: string; quality: string }) => void; onType: (v: string) => void; readOnly: boolean }) {
  const [open, setOpen] = useState(false);
  const [term] = useDebouncedValue(value, 300);
  const suggestions = useArticleSuggestions(open ? term : '');
  const list = suggestions.data ?? [];
  return (
    <Stack gap={4} pos="relative">
      <TextInput
        label="Artikelnummer"
        value={value}
        leftSection={<IconSearch size={14} />}
        onChange={(e) => {
          onType(e.currentTarget.value);
          setOpen(true);
        }}
        readOnly={readOnly}
        autoComplete="off"
      />
      {open && !readOnly && term.trim().length >= CLAIM_ARTICLE_TERM_MIN && !suggestions.isPending && (
        <Paper withBorder shadow="md" p={4} role="listbox" aria-label="Artikelvorschläge">
          <Group justify="flex-end">
            <CloseButton size="sm" aria-label="Vorschläge schließen" onClick={() => setOpen(false)} />
          </Group>
          {list.length === 0 ? (
            <Text size="sm" c="dimmed" px="xs" pb="xs">
              {MSG.claimNoArticleMatch}
            </Text>
          ) : (
            list.map((a) => (
              <UnstyledButton
                key={a.id}
                role="option"
                aria-selected={false}
                w="100%"
                px="xs"
                py={4}
                onClick={() => {
                  onPick(a);
                  setOpen(false);
                }}
              >
                <Text size="sm" fw={600}>
                  {a.number}
                </Text>
                <Text size="xs" c="dimmed">
                  {a.manufacturerQualityAndDecor}
                </Text>
              </UnstyledButton>
            ))
          )}
        </Paper>
      )}
    </Stack>
  );
}

/** The article fields of the fill-in text, for the main article and each further one. */
function ArticleEditor({ value, onChange, readOnly }: { value: ArticleFields; onChange: (next: ArticleFields) => void; readOnly: boolean }) {
  // Square metres follow content × count as they are typed (commas read as points).
  const change = (patch: Partial<ArticleFields>) => {
    const next = { ...value, ...patch };
    const area = surfaceSize(next.packageContent as string, next.packageCount as string);
    onChange(area === null ? next : { ...next, surfaceSize: typed(area) });
  };
  const field = (key: 'supplierName' | 'articleName' | 'quality', label: string) => (
    <TextInput label={label} value={(value[key] as string) ?? ''} onChange={(e) => change({ [key]: e.currentTarget.value })} readOnly={readOnly} />
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 4 }}>
      <ArticleSearch
        value={value.articleNumber ?? ''}
        readOnly={readOnly}
        onType={(v) => change({ articleNumber: v, articleId: null })}
        onPick={(a) => change({ articleId: a.id, articleNumber: a.number, articleName: [a.decor, a.name].filter(Boolean).join(' – '), supplierName: a.manufacturer, quality: a.quality })}
      />
      {field('articleName', 'Artikel')}
      {field('supplierName', 'Hersteller')}
      {field('quality', 'Qualität')}
      <TextInput label="Inhalt je Paket (m²)" inputMode="decimal" value={typed(value.packageContent)} onChange={(e) => change({ packageContent: e.currentTarget.value })} readOnly={readOnly} />
      <TextInput label="Anzahl Pakete" inputMode="decimal" value={typed(value.packageCount)} onChange={(e) => change({ packageCount: e.currentTarget.value })} readOnly={readOnly} />
      <TextInput label="Quadratmeter" inputMode="decimal" value={typed(value.surfaceSize)} onChange={(e) => change({ surfaceSize: e.currentTarget.value })} readOnly={readOnly} />
    </SimpleGrid>
  );
}

/**
 * The checklist tab (spec 2 §2–§4): the fill-in text with article search and further articles,
 * the workflow with scenario and supplier steps, and the booking fields for who books. Once
 * completed, everything is read-only except for bookers.
 */
export function ClaimChecklist({
  claim,
  value,
  onChange,
  fieldError,
}: {
  claim: Claim;
  value: ChecklistBody;
  onChange: (next: ChecklistBody) => void;
  /** The error of a field of the checked form: its message, or a mark. */
  fieldError: (field: string) => string | true | undefined;
}) {
  const reasons = useClaimDropdown('reason');
  const readOnly = !claim.editable;
  const t = value.lueckentext as Lueckentext;
  const set = <K extends keyof ChecklistBody>(key: K, v: ChecklistBody[K]) => onChange({ ...value, [key]: v });
  const setText = (patch: Partial<Lueckentext>) => set('lueckentext', { ...t, ...patch });
  const err = fieldError;
  const extra = t.additionalArticles ?? [];
  const stamped = (iso: string | null) => (iso ? ` (${formatDateTime(iso)})` : '');

  const removeArticle = (index: number) =>
    openConfirm({ title: MSG.claimArticleRemoveConfirm, text: ' ', confirmLabel: 'Entfernen', onConfirm: () => setText({ additionalArticles: extra.filter((_, i) => i !== index) }) });

  return (
    <Stack gap="md">
      <Card withBorder radius="md" p="sm">
        <Title order={3} size="h5" mb="xs">
          Angaben zur Beanstandung
        </Title>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Reklamationsnummer" value={t.complaintNumber ?? ''} onChange={(e) => setText({ complaintNumber: e.currentTarget.value })} readOnly={readOnly} />
            <Autocomplete label="Grund" data={[...new Set((reasons.data ?? []).map((r) => r.name))]} value={t.reason ?? ''} onChange={(v) => setText({ reason: v })} readOnly={readOnly} />
            <TextInput label="Bearbeitet von" value={t.name ?? ''} onChange={(e) => setText({ name: e.currentTarget.value })} readOnly={readOnly} />
          </SimpleGrid>
          <ArticleEditor value={t} onChange={(a) => setText(a)} readOnly={readOnly} />
          {extra.map((a, i) => (
            <Paper key={i} withBorder p="xs" radius="sm">
              <Group justify="space-between" mb={4}>
                <Text size="sm" fw={600}>
                  Weiterer Artikel {i + 1}
                </Text>
                {!readOnly && (
                  <ActionIcon variant="subtle" color="red" aria-label={`Weiteren Artikel ${i + 1} entfernen`} onClick={() => removeArticle(i)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
              <ArticleEditor value={a} onChange={(next) => setText({ additionalArticles: extra.map((x, j) => (j === i ? next : x)) })} readOnly={readOnly} />
            </Paper>
          ))}
          {!readOnly && extra.length < CLAIM_ADDITIONAL_ARTICLES_MAX && (
            <Group>
              <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => setText({ additionalArticles: [...extra, { ...EMPTY_ARTICLE }] })}>
                Weiteren Artikel hinzufügen
              </Button>
            </Group>
          )}
          <Textarea label="Behandlung / Vorgehen" autosize minRows={2} maxRows={6} value={t.treatment ?? ''} onChange={(e) => setText({ treatment: e.currentTarget.value })} readOnly={readOnly} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Stack gap={4}>
              <Input.Label>Bestand muss korrigiert werden</Input.Label>
              <SegmentedControl
                aria-label="Bestand muss korrigiert werden"
                size="xs"
                value={t.stockNeedsUpdate === null || t.stockNeedsUpdate === undefined ? '' : String(t.stockNeedsUpdate)}
                onChange={(v) => setText({ stockNeedsUpdate: v === '' ? null : v === 'true' })}
                data={[
                  { value: '', label: 'offen' },
                  { value: 'true', label: 'Ja' },
                  { value: 'false', label: 'Nein' },
                ]}
                disabled={readOnly}
              />
            </Stack>
            <LocationSelect label="Bestand an Standort" value={t.stockLocation ?? ''} onChange={(v) => setText({ stockLocation: v || null })} withAll={false} readOnly={readOnly} fullWidth />
            <TextInput label="Lagerplatz" value={t.stockNeedsLocation ?? ''} onChange={(e) => setText({ stockNeedsLocation: e.currentTarget.value })} readOnly={readOnly} />
          </SimpleGrid>
        </Stack>
      </Card>

      <ClaimFiles claim={claim} />

      <Card withBorder radius="md" p="sm">
        <Group justify="space-between" mb="xs" gap="xs">
          <Title order={3} size="h5">
            Ablauf
          </Title>
          <Button
            type="button"
            variant="light"
            size="xs"
            leftSection={<IconFileTypePdf size={14} />}
            onClick={() => void downloadResource(`/api/claims/${claim.id}/supplierpackage`, `Beanstandung-${claim.number}-Lieferant.pdf`)}
          >
            Lieferantenpaket (PDF)
          </Button>
        </Group>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label="Scenario"
              placeholder="Bitte wählen"
              data={CLAIM_SCENARIOS.map((s) => ({ value: s, label: s === 'abgelehnt' ? 'abgelehnt' : `Scenario ${s}` }))}
              value={value.scenario ?? null}
              onChange={(v) => set('scenario', (v ?? null) as ChecklistBody['scenario'])}
              error={err('scenario')}
              clearable
              readOnly={readOnly}
            />
            <TextInput label="E-Mail des Kunden" type="email" value={value.email ?? ''} onChange={(e) => set('email', e.currentTarget.value)} error={err('email')} readOnly={readOnly} />
            <TextInput label="Gutschein" value={value.coupon ?? ''} onChange={(e) => set('coupon', e.currentTarget.value)} readOnly={readOnly} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Checkbox
              label={`An Lieferanten weitergeleitet${stamped(claim.checklist.forwardedToSupplier)}`}
              checked={Boolean(value.forwardedToSupplier)}
              onChange={(e) => onChange({ ...value, forwardedToSupplier: e.currentTarget.checked, ...(e.currentTarget.checked ? {} : { supplierClaimNumber: '', acceptedBySupplier: false }) })}
              disabled={readOnly}
            />
            <TextInput
              label="Reklamationsnummer des Lieferanten"
              value={value.supplierClaimNumber ?? ''}
              onChange={(e) => set('supplierClaimNumber', e.currentTarget.value)}
              disabled={!value.forwardedToSupplier}
              readOnly={readOnly}
            />
            <Checkbox
              label={`Vom Lieferanten angenommen${stamped(claim.checklist.acceptedBySupplier)}`}
              checked={Boolean(value.acceptedBySupplier)}
              onChange={(e) => set('acceptedBySupplier', e.currentTarget.checked)}
              disabled={readOnly || !value.forwardedToSupplier}
            />
          </SimpleGrid>
          <Group gap="xl">
            <Checkbox label="Kulanz" checked={Boolean(value.goodWill)} onChange={(e) => set('goodWill', e.currentTarget.checked)} disabled={readOnly} />
            <Checkbox label={`Ablauf erledigt${stamped(claim.checklist.workflowDone)}`} checked={Boolean(value.workflowDone)} onChange={(e) => set('workflowDone', e.currentTarget.checked)} disabled={readOnly} />
          </Group>
          <Textarea
            label="Weitere Informationen"
            autosize
            minRows={3}
            maxRows={10}
            value={value.additionalInfo ?? ''}
            onChange={(e) => set('additionalInfo', e.currentTarget.value)}
            error={err('additionalInfo')}
            description={`${(value.additionalInfo ?? '').length.toLocaleString('de-DE')} / ${CLAIM_ADDITIONAL_INFO_MAX.toLocaleString('de-DE')} Zeichen`}
            maxLength={CLAIM_ADDITIONAL_INFO_MAX}
            readOnly={readOnly}
          />
        </Stack>
      </Card>

      <Card withBorder radius="md" p="sm">
        <Stack gap="sm">
          <Checkbox
            label={`Checkliste abgeschlossen${stamped(claim.checklist.completed)}`}
            checked={Boolean(value.completed)}
            onChange={(e) => set('completed', e.currentTarget.checked)}
            disabled={readOnly || (claim.checklist.completed !== null && !claim.bookable)}
          />
          {claim.bookable && (
            <>
              <Divider label="Buchhaltung" labelPosition="left" />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Checkbox label="Bestandskorrektur gebucht" checked={Boolean(value.stockUpdated)} onChange={(e) => set('stockUpdated', e.currentTarget.checked)} mt="lg" />
                <TextInput label="BA-Nummer" value={value.baNumber ?? ''} onChange={(e) => set('baNumber', e.currentTarget.value)} error={err('baNumber')} />
              </SimpleGrid>
            </>
          )}
          <ClaimStockCorrections claim={claim} onBooked={() => set('stockUpdated', true)} />
        </Stack>
      </Card>
    </Stack>
  );
}
