import { useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Modal, NumberInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconBarcode, IconCheck, IconCloudUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@filialportal/core/messages';
import { formatDateTime } from '@filialportal/core/berlin-time';
import { formatCount } from '@filialportal/core/plural';
import { normalizeEan, STOCK_MAX, ZStockUpdateRequest } from '@filialportal/core/stock';
import { ApiError, errorMessage, isUnreachable } from '../../api/client.ts';
import { useOnline } from '../../api/connection.ts';
import { useCurrentUser } from '../../shell-api/current-user.tsx';
import { zodResolver } from '../../ui/form-problem.ts';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { useLocationOptions } from '../../shell-api/lookups.ts';
import { BarcodeScanner, readerWasmUrl } from './BarcodeScanner.tsx';
import { ConflictPanel, CountQueueTable, useConflict } from './CountQueueTable.tsx';
import { addCount, dropCount, useCountQueue, waitingOf } from './count-queue.ts';
import { rememberStock, useOfflineCopy } from './offline-copy.ts';
import { articleByEan, countDb } from './offline-store.ts';
import { lookupEan, stockKeys, type ArticleDetail, type StockUpdateBody } from './stock.api.ts';
import { useStockRights } from '../../shell-api/stock-rights.ts';

/**
 * When the scan session began: kept in the tab's session storage, so a reload (also without
 * network) continues the session and its list; 'Fertig' ends it.
 */
const SESSION_SINCE = 'filialportal.scanSince';
function sessionStart(): number {
  try {
    const kept = Number(sessionStorage.getItem(SESSION_SINCE));
    if (kept > 0) return kept;
    const now = Date.now();
    sessionStorage.setItem(SESSION_SINCE, String(now));
    return now;
  } catch {
    return Date.now();
  }
}
function endSession() {
  try {
    sessionStorage.removeItem(SESSION_SINCE);
  } catch {
    // Nothing kept.
  }
}


type Values = { location: string; ean: string; count: string | number };

/** The article a code stands for: from the server, or from the device's copy without network. */
interface Found {
  id: string | null;
  number: string;
  decor: string;
  name: string;
  detail: string;
  /** The stock at the location as seen (null: not counted); undefined: not known on the device. */
  base: number | null | undefined;
  offline: boolean;
}

/** The counted stock of the article found, or of the typed code. */
const bodyOf = (v: Values, found: Found | null): StockUpdateBody => (found?.id ? { articleId: found.id, location: v.location, count: v.count } : { ean: v.ean, location: v.location, count: v.count });

const fromServer = (a: ArticleDetail, location: string): Found => ({
  id: a.id,
  number: a.number,
  decor: a.decor,
  name: a.name,
  detail: `${a.manufacturer.name} · ${a.category.name}`,
  base: a.stocks.find((s) => s.location.id === location)?.count ?? null,
  offline: false,
});

/**
 * 'Bestand ändern' (spec 2 §5 Stock change) as a scan session: scan (rear camera) or type the EAN,
 * see the article and its current stock, enter the counted number, save, and the next code is
 * read at once. The location is the own one unless the person may change every branch (spec 2
 * §6). Every count is kept on the device first and sent from there (count-queue.ts), so without
 * network the session goes on: codes are found in the device's copy of the category, and the
 * list below shows what waits, what the server has and what conflicts.
 */
export function StockChangeModal({ location: initialLocation, category, onClose: close }: { location: string; category: { id: string; name: string } | null; onClose: () => void }) {
  const onClose = () => {
    endSession();
    close();
  };
  const user = useCurrentUser();
  const locations = useLocationOptions();
  const { all, own, mayChangeAt } = useStockRights();
  const online = useOnline();
  const client = useQueryClient();
  const [camera, setCamera] = useState(false);
  const [found, setFound] = useState<Found | null>(null);
  const [saving, setSaving] = useState(false);
  const [openedAt] = useState(sessionStart);
  const queue = useCountQueue(user.id);
  const countRef = useRef<HTMLInputElement>(null);
  // The spec's order of checks: location, code, count.
  const { form, values, message, fail } = useCheckedForm<Values>({
    initialValues: { location: mayChangeAt(initialLocation) ? initialLocation : (own[0] ?? ''), ean: '', count: '' },
    validate: zodResolver(ZStockUpdateRequest, (v: Values) => bodyOf(v, found)),
    oneAtATime: ['location', 'ean', 'count'],
  });
  const location = values.location;
  const { copy, loading } = useOfflineCopy({ category: category?.id ?? '', categoryName: category?.name ?? '', location, online, warm: readerWasmUrl });

  const findOnDevice = async (code: string): Promise<Found> => {
    const a = await articleByEan(await countDb(), code);
    if (!a) return { id: null, number: '', decor: '', name: '', detail: 'Nicht im Offline-Bestand: die Zählung geht mit der EAN an den Server.', base: undefined, offline: true };
    return { id: a.id, number: a.number, decor: a.decor, name: a.name, detail: a.package ? `Paket ${a.package}` : '', base: location in a.counts ? a.counts[location] : undefined, offline: true };
  };

  const find = async (code: string) => {
    const value = normalizeEan(code);
    form.setFieldValue('ean', value);
    form.clearErrors();
    setFound(null);
    if (!value) return fail(MSG.articleEanRequired, ['ean']);
    let next: Found;
    try {
      if (!navigator.onLine) throw new ApiError(0, '', 'offline');
      const { article } = await lookupEan(value, location);
      next = fromServer(article, location);
      void rememberStock(article.id, location, next.base ?? null);
    } catch (e) {
      if (!isUnreachable(e)) return fail(errorMessage(e));
      next = await findOnDevice(value);
    }
    setFound(next);
    form.setFieldValue('count', '');
    setTimeout(() => countRef.current?.focus(), 0);
  };

  const savingRef = useRef(false);
  const save = form.onSubmit(async (v) => {
    // Enter pressed twice is one count: a second id would be a second change.
    if (savingRef.current) return;
    savingRef.current = true;
    setSaving(true);
    try {
      const count = Number(v.count);
      const record = await addCount({
        clientChangeId: crypto.randomUUID(),
        userId: user.id,
        location: v.location,
        ean: v.ean,
        articleId: found?.id ?? null,
        number: found?.number ?? '',
        decor: found?.decor ?? '',
        count,
        countedAt: Date.now(),
        ...(found && found.base !== undefined ? { baseCount: found.base } : {}),
      });
      // Refused at once (an unknown code, another branch): the form keeps the input and says why.
      if (record?.state === 'refused') {
        await dropCount(record.clientChangeId);
        return fail(record.message ?? MSG.badRequest);
      }
      if (record?.state === 'sent') {
        if (record.articleId ?? found?.id) void rememberStock((record.articleId ?? found?.id)!, v.location, record.after ?? count);
        void client.invalidateQueries({ queryKey: stockKeys.all });
      }
      setFound(null);
      form.setValues({ ean: '', count: '' });
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  });

  // This session's counts, whatever still waits or conflicts from before, and what went through meanwhile.
  const shown = queue.filter((c) => c.state !== 'sent' || Math.max(c.countedAt, c.settledAt ?? 0) >= openedAt);
  const waiting = waitingOf(queue);
  const resolve = useConflict(shown);
  const choices = (locations.data ?? []).filter((l) => mayChangeAt(l.id)).map((l) => ({ value: l.id, label: l.label }));

  return (
    <Modal opened onClose={onClose} title="Bestand ändern" size="lg" centered closeButtonProps={{ 'aria-label': 'Schließen' }}>
      <Stack gap="sm">
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text size="xs" c="dimmed" role="status">
            {!online && 'Ohne Netz: Zählungen bleiben auf dem Gerät. '}
            {loading ? 'Offline-Bestand wird geladen …' : copy ? `Offline verfügbar: ${copy.categoryName}, ${formatCount(copy.articles)} Artikel, Stand ${formatDateTime(copy.fetchedAt)}` : category ? 'Noch kein Offline-Bestand für dieses Sortiment.' : ''}
          </Text>
          {waiting > 0 && (
            <Badge color="yellow" variant="light" leftSection={<IconCloudUpload size={12} />}>
              {waiting === 1 ? '1 Zählung wartet' : `${formatCount(waiting)} Zählungen warten`}
            </Badge>
          )}
        </Group>
        {resolve.conflict && <ConflictPanel count={resolve.conflict} onClose={() => resolve.dismiss(resolve.conflict!.clientChangeId)} />}
        <Select label="Standort" data={choices} value={location || null} onChange={(v) => form.setFieldValue('location', v ?? '')} disabled={!all} placeholder="Filiale wählen" allowDeselect={false} />
        <Switch label="Mit der Kamera scannen" checked={camera} onChange={(e) => setCamera(e.currentTarget.checked)} />
        {camera && <BarcodeScanner active={camera && !found} onCode={(code) => void find(code.length === 12 ? `0${code}` : code)} />}
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
        {found && (
          <Alert color={found.id ? 'brand' : 'yellow'} variant="light" title={found.id ? `${found.number} · ${found.decor || found.name}` : `EAN ${values.ean}`}>
            <Text size="sm">
              {found.detail}
              {found.id && (
                <>
                  {found.detail ? ' · ' : ''}Bestand hier{found.offline ? ' (zuletzt gesehen)' : ''}: <b>{found.base === undefined ? 'unbekannt' : (found.base ?? 'noch nicht gezählt')}</b>
                </>
              )}
            </Text>
          </Alert>
        )}
        <form
          onSubmit={save}
        >
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <NumberInput ref={countRef} label="Anzahl (gezählt)" {...form.getInputProps('count')} min={0} max={STOCK_MAX} allowDecimal={false} allowNegative={false} style={{ flex: 1 }} />
            <Button type="submit" loading={saving} leftSection={<IconCheck size={16} />}>
              Speichern
            </Button>
          </Group>
        </form>
        {message && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {message}
          </Alert>
        )}
        <CountQueueTable counts={shown} onResolve={resolve.ask} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Fertig
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
