import { useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Modal, NumberInput, Select, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconBarcode, IconCheck } from '@tabler/icons-react';
import { MSG } from '@filialportal/core/messages';
import { normalizeEan, STOCK_MAX, ZStockUpdateRequest } from '@filialportal/core/stock';
import { errorMessage } from '../../api/client.ts';
import { zodResolver } from '../../ui/form-problem.ts';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { useLocationOptions } from '../../shell-api/lookups.ts';
import { BarcodeScanner } from './BarcodeScanner.tsx';
import { lookupEan, useUpdateStock, type ArticleDetail, type StockUpdateBody } from './stock.api.ts';
import { useStockRights } from '../../shell-api/stock-rights.ts';

type Values = { location: string; ean: string; count: string | number };

/** The counted stock of the article found, or of the typed code. */
const bodyOf = (v: Values, article: ArticleDetail | null): StockUpdateBody => (article ? { articleId: article.id, location: v.location, count: v.count } : { ean: v.ean, location: v.location, count: v.count });

interface Done {
  key: number;
  number: string;
  decor: string;
  before: number | null;
  after: number;
}

/**
 * 'Bestand ändern' (spec 2 §5 Stock change) as a scan session: scan (rear camera) or type the EAN,
 * see the article and its current stock, enter the counted number, save, and the next code is
 * read at once; the session's changes are listed below. The location is the own one unless the
 * person may change every branch (spec 2 §6).
 */
export function StockChangeModal({ location: initialLocation, onClose }: { location: string; onClose: () => void }) {
  const locations = useLocationOptions();
  const { all, own, mayChangeAt } = useStockRights();
  const [camera, setCamera] = useState(false);
  const [article, setArticle] = useState<ArticleDetail | null>(null);
  const [done, setDone] = useState<Done[]>([]);
  const countRef = useRef<HTMLInputElement>(null);
  const update = useUpdateStock();
  // The spec's order of checks: location, code, count.
  const { form, values, message, fail } = useCheckedForm<Values>({
    initialValues: { location: mayChangeAt(initialLocation) ? initialLocation : (own[0] ?? ''), ean: '', count: '' },
    validate: zodResolver(ZStockUpdateRequest, (v: Values) => bodyOf(v, article)),
    oneAtATime: ['location', 'ean', 'count'],
  });
  const location = values.location;

  const find = async (code: string) => {
    const value = normalizeEan(code);
    form.setFieldValue('ean', value);
    form.clearErrors();
    setArticle(null);
    if (!value) return fail(MSG.articleEanRequired, ['ean']);
    try {
      const found = await lookupEan(value, location);
      setArticle(found.article);
      form.setFieldValue('count', '');
      setTimeout(() => countRef.current?.focus(), 0);
    } catch (e) {
      fail(errorMessage(e));
    }
  };

  const save = form.onSubmit((v) =>
    update.mutate(bodyOf(v, article), {
      onSuccess: (res) => {
        setDone((d) => [{ key: Date.now(), number: res.article.number, decor: res.article.decor, before: res.before, after: res.after }, ...d]);
        setArticle(null);
        form.setValues({ ean: '', count: '' });
      },
      onError: (e) => fail(errorMessage(e)),
    }),
  );

  const choices = (locations.data ?? []).filter((l) => mayChangeAt(l.id)).map((l) => ({ value: l.id, label: l.label }));
  const stockHere = article?.stocks.find((s) => s.location.id === location)?.count;

  return (
    <Modal opened onClose={onClose} title="Bestand ändern" size="lg" centered closeButtonProps={{ 'aria-label': 'Schließen' }}>
      <Stack gap="sm">
        <Select label="Standort" data={choices} value={location || null} onChange={(v) => form.setFieldValue('location', v ?? '')} disabled={!all} placeholder="Filiale wählen" allowDeselect={false} />
        <Switch label="Mit der Kamera scannen" checked={camera} onChange={(e) => setCamera(e.currentTarget.checked)} />
        {camera && <BarcodeScanner active={camera && !article} onCode={(code) => void find(code.length === 12 ? `0${code}` : code)} />}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void find(values.ean);
          }}
        >
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TextInput label="EAN" {...form.getInputProps('ean')} inputMode="numeric" leftSection={<IconBarcode size={16} />} style={{ flex: 1 }} data-autofocus />
            <Button type="submit" variant="default">
              Suchen
            </Button>
          </Group>
        </form>
        {article && (
          <Alert color="brand" variant="light" title={`${article.number} · ${article.decor || article.name}`}>
            <Text size="sm">
              {article.manufacturer.name} · {article.category.name} · Bestand hier: <b>{stockHere ?? 'noch nicht gezählt'}</b>
            </Text>
          </Alert>
        )}
        <form
          onSubmit={save}
        >
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <NumberInput ref={countRef} label="Anzahl (gezählt)" {...form.getInputProps('count')} min={0} max={STOCK_MAX} allowDecimal={false} allowNegative={false} style={{ flex: 1 }} />
            <Button type="submit" loading={update.isPending} leftSection={<IconCheck size={16} />}>
              Speichern
            </Button>
          </Group>
        </form>
        {message && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {message}
          </Alert>
        )}
        {done.length > 0 && (
          <Table fz="sm" striped aria-label="Geänderte Bestände">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Artikel</Table.Th>
                <Table.Th ta="right">Vorher</Table.Th>
                <Table.Th ta="right">Jetzt</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {done.map((d) => (
                <Table.Tr key={d.key}>
                  <Table.Td>
                    {d.number} <Text span c="dimmed" size="xs">{d.decor}</Text>
                  </Table.Td>
                  <Table.Td ta="right">{d.before ?? '–'}</Table.Td>
                  <Table.Td ta="right">
                    <Badge variant="light" color="green">
                      {d.after}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Fertig
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
