import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconPackageExport } from '@tabler/icons-react';
import { formatDateTime } from '@filialportal/core/berlin-time';
import { CLAIM_CORRECTION_MAX, ZStockCorrectionRequest } from '@filialportal/core/claims';
import { countOf } from '@filialportal/core/plural';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import { zodResolver } from '../../ui/form-problem.ts';
import { LocationSelect } from '../../ui/LocationSelect.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { useStockRights } from '../../shell-api/stock-rights.ts';
import { useStockCorrection, type Claim, type CorrectionBody } from './claims.api.ts';

/** The saved claim's articles picked from the search: only those can be corrected. */
function articlesOf(claim: Claim) {
  const t = claim.checklist.lueckentext;
  return [t, ...(t.additionalArticles ?? [])]
    .filter((a): a is typeof a & { articleId: string } => Boolean(a.articleId))
    .map((a) => ({ value: a.articleId, label: [a.articleNumber, a.articleName].filter(Boolean).join(' – '), count: a.packageCount }));
}

/**
 * 'Bestandskorrektur': what was booked from this claim, and for who books claims and may change
 * that stock, the form that takes packages of one of its articles out of a location's stock.
 */
export function ClaimStockCorrections({ claim, onBooked }: { claim: Claim; onBooked: () => void }) {
  const rights = useStockRights();
  const bookable = claim.bookable && rights.any;
  const booked = claim.stockCorrections;
  if (!bookable && booked.length === 0) return null;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        Bestandskorrekturen
      </Text>
      {booked.length > 0 ? (
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder fz="sm" aria-label="Gebuchte Bestandskorrekturen">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Zeitpunkt</Table.Th>
                <Table.Th>Artikel</Table.Th>
                <Table.Th>Standort</Table.Th>
                <Table.Th ta="right">Menge</Table.Th>
                <Table.Th ta="right">Bestand</Table.Th>
                <Table.Th>Von</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {booked.map((k) => (
                <Table.Tr key={k.id}>
                  <Table.Td>{formatDateTime(k.createdAt)}</Table.Td>
                  <Table.Td>{[k.articleNumber, k.articleName].filter(Boolean).join(' – ')}</Table.Td>
                  <Table.Td>{k.location}</Table.Td>
                  <Table.Td ta="right">{k.quantity > 0 ? `−${k.quantity}` : `+${-k.quantity}`}</Table.Td>
                  <Table.Td ta="right">
                    {k.before} → {k.after}
                  </Table.Td>
                  <Table.Td>{k.userName}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="xs" c="dimmed">
          Noch keine Bestandskorrektur aus dieser Beanstandung gebucht.
        </Text>
      )}
      {bookable && <CorrectionForm claim={claim} onBooked={onBooked} only={rights.all ? undefined : rights.own} />}
    </Stack>
  );
}

type Values = { articleId: string | null; locationId: string; quantity: number | string };

const bodyOf = (v: Values): CorrectionBody => ({ articleId: v.articleId ?? '', locationId: v.locationId, quantity: typeof v.quantity === 'number' ? v.quantity : Number(v.quantity) });

function CorrectionForm({ claim, onBooked, only }: { claim: Claim; onBooked: () => void; only: string[] | undefined }) {
  const articles = articlesOf(claim);
  const book = useStockCorrection();
  const fallbackLocation = claim.checklist.lueckentext.stockLocation ?? claim.location.id;
  const { form, values, refused } = useCheckedForm<Values>({
    initialValues: {
      articleId: articles[0]?.value ?? null,
      locationId: !only || only.includes(fallbackLocation) ? fallbackLocation : (only[0] ?? ''),
      quantity: Math.round(Number(articles[0]?.count ?? 1)) || 1,
    },
    validate: zodResolver(ZStockCorrectionRequest, bodyOf),
    oneAtATime: true,
    messagesUnder: 'all',
  });
  const { articleId, locationId, quantity } = values;

  if (articles.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        Wählen Sie oben einen Artikel über die Artikelsuche und speichern Sie die Checkliste, um seinen Bestand zu korrigieren.
      </Text>
    );
  }
  const article = articles.find((a) => a.value === articleId);
  const amount = typeof quantity === 'number' ? quantity : Number(quantity);
  const submit = form.onSubmit((v) => {
    openConfirm({
      title: 'Bestand korrigieren?',
      text: `${amount > 0 ? `${countOf(amount, 'Paket', 'Pakete')} ausbuchen` : `${countOf(-amount, 'Paket', 'Pakete')} zurückbuchen`}: ${article?.label ?? ''}`,
      confirmLabel: 'Buchen',
      danger: false,
      onConfirm: () => book.mutate({ id: claim.id, correction: bodyOf(v) }, { onSuccess: onBooked, onError: (e) => refused(e, () => ['quantity']) }),
    });
  });
  // Enter in these fields books nothing by itself (the surrounding form saves the checklist).
  const noSubmit = (e: React.KeyboardEvent) => e.key === 'Enter' && e.preventDefault();
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select label="Artikel" data={articles.map(({ value, label }) => ({ value, label }))} {...form.getInputProps('articleId')} allowDeselect={false} />
        <LocationSelect label="Standort" value={locationId} onChange={(v) => form.setFieldValue('locationId', v)} withAll={false} only={only} fullWidth />
        <NumberInput
          label="Pakete ausbuchen (− zurück)"
          {...form.getInputProps('quantity')}
          allowDecimal={false}
          min={-CLAIM_CORRECTION_MAX}
          max={CLAIM_CORRECTION_MAX}
          onKeyDown={noSubmit}
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button type="button" variant="light" leftSection={<IconPackageExport size={16} />} onClick={() => submit()} loading={book.isPending} disabled={!articleId || !locationId || !amount}>
          Bestand korrigieren
        </Button>
      </Group>
    </Stack>
  );
}
