import { useMemo, useState } from 'react';
import { Autocomplete, Center, Group, Input, Loader, Modal, SegmentedControl, Select, SimpleGrid, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck } from '@tabler/icons-react';
import { CLAIM_TYPE_LABELS, CLAIM_TYPES, claimScenarioMissing, ZChecklistRequest, ZClaimRequest, type ClaimType } from '@filialportal/core/claims';
import { MSG } from '@filialportal/core/messages';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import { combineProblems, FORM_MESSAGE, zodResolver } from '../../ui/form-problem.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { LocationSelect } from '../../ui/LocationSelect.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { ClaimChecklist, checklistOf } from './ClaimChecklist.tsx';
import { useClaimLocations } from './claim-locations.ts';
import { useClaim, useClaimDropdown, useClaimStatuses, useCreateClaim, useUpdateChecklist, useUpdateClaim, type ChecklistBody, type Claim, type ClaimBody } from './claims.api.ts';

type Info = { type: ClaimType | ''; locationId: string; customerName: string; customerInvoice: string; supplierName: string; haulerName: string; orderNumberOnlineshop: string; status: string | null; priority: 1 | 2 | 3 | null };
/** Both tabs' fields: the claim's information and its checklist. */
type Values = Info & { checklist: ChecklistBody };

const infoOf = (c: Claim | undefined, location: string): Info => ({
  type: c?.type ?? '',
  locationId: c?.location.id ?? location,
  customerName: c?.customerName ?? '',
  customerInvoice: c?.customerInvoice ?? '',
  supplierName: c?.supplierName ?? '',
  haulerName: c?.haulerName ?? '',
  orderNumberOnlineshop: c?.orderNumberOnlineshop ?? '',
  status: c?.status?.id ?? null,
  priority: (c?.priority as Info['priority']) ?? null,
});

const bodyOf = ({ checklist: _, ...info }: Values): ClaimBody => info as ClaimBody;

/** The fields that show their problem under themselves ('Pflichtfeld!'); the others' stand above the buttons. */
const MESSAGES_UNDER = ['type', 'customerName', 'customerInvoice', 'supplierName', 'haulerName', 'orderNumberOnlineshop', 'status', 'scenario', 'email', 'additionalInfo', 'baNumber'];

const saved = () => notifications.show({ message: MSG.saved, color: 'teal', icon: <IconCircleCheck size={18} />, autoClose: 2000 });
const failed = () => notifications.show({ message: MSG.serverError, color: 'red', autoClose: 2000 });

/**
 * 'Neue Beanstandung anlegen' / 'Beanstandung bearbeiten: {number}' (spec 2 §2, §4): a new claim
 * starts on 'Informationen' and moves to 'Checkliste' once created; an existing one opens on the
 * checklist. The submit saves the tab shown: the claim's information or only its checklist.
 */
export function ClaimFormModal({ claimId, defaultLocation, onCreated, onClose }: { claimId: string | null; defaultLocation: string; onCreated: (id: string) => void; onClose: () => void }) {
  const claim = useClaim(claimId);
  if (claimId && claim.isPending) {
    return (
      <Modal opened onClose={onClose} title="Beanstandung" size={1000} centered>
        <Center py="xl">
          <Group gap="sm">
            <Loader size="sm" />
            <Text>{MSG.claimLoading}</Text>
          </Group>
        </Center>
      </Modal>
    );
  }
  return <ClaimForm key={claim.data?.id ?? 'new'} claim={claim.data} defaultLocation={defaultLocation} onCreated={onCreated} onClose={onClose} loadError={claim.error} />;
}

function ClaimForm({ claim, defaultLocation, onCreated, onClose, loadError }: { claim: Claim | undefined; defaultLocation: string; onCreated: (id: string) => void; onClose: () => void; loadError: Error | null }) {
  const locations = useClaimLocations();
  const statuses = useClaimStatuses();
  const manufacturers = useClaimDropdown('manufacturer');
  const create = useCreateClaim();
  const update = useUpdateClaim();
  const saveChecklist = useUpdateChecklist();
  const [tab, setTab] = useState<string | null>(claim ? 'checklist' : 'info');
  const initialValues = useMemo<Values>(() => ({ ...infoOf(claim, defaultLocation), checklist: checklistOf(claim) }), [claim, defaultLocation]);
  // The tab shown is what a save checks and sends: the checklist (and its scenario rule) or the claim's information.
  const { form, values, message, fieldError, refused } = useCheckedForm<Values>({
    initialValues,
    validate: (v) =>
      tab === 'checklist'
        ? combineProblems(zodResolver(ZChecklistRequest)({ checklist: v.checklist }), claimScenarioMissing(v.checklist) ? { [FORM_MESSAGE]: MSG.claimScenarioRequired } : {})
        : zodResolver(ZClaimRequest)({ claim: bodyOf(v) }),
    oneAtATime: true,
    messagesUnder: MESSAGES_UNDER,
  });
  const editable = claim ? claim.editable : true;
  const dirty = JSON.stringify(values) !== JSON.stringify(initialValues);

  const close = () => {
    if (!dirty || !editable) return onClose();
    openConfirm({ title: MSG.discardChanges, text: ' ', confirmLabel: 'Verwerfen', onConfirm: onClose });
  };
  const set = <K extends keyof Info>(key: K, value: Info[K]) => form.setFieldValue(key, value as never);
  const showTab = (next: string | null) => {
    setTab(next);
    form.clearErrors();
  };
  const onError = (e: unknown) => {
    refused(e);
    failed();
  };

  const submit = () => {
    if (!editable) return onClose();
    form.onSubmit((v) => {
      if (tab === 'checklist' && claim) return saveChecklist.mutate({ id: claim.id, checklist: v.checklist }, { onSuccess: saved, onError });
      const body = bodyOf(v);
      if (claim) return update.mutate({ id: claim.id, claim: body }, { onSuccess: saved, onError });
      create.mutate(body, {
        onSuccess: (res) => {
          saved();
          onCreated(res.claim.id);
        },
        onError,
      });
    })();
  };

  const info = values;
  const type = info.type;
  return (
    <FormModal
      opened
      onClose={close}
      title={claim ? `Beanstandung bearbeiten: ${claim.number}` : 'Neue Beanstandung anlegen'}
      submitLabel={!editable ? 'Schließen' : claim ? 'Änderungen speichern' : 'Beanstandung anlegen'}
      onSubmit={submit}
      loading={create.isPending || update.isPending || saveChecklist.isPending}
      // A field's problem stands under the field ('Pflichtfeld!'); the rest above the buttons.
      error={message ?? loadError?.message ?? null}
      size={1000}
      fullScreenOnPhone
    >
      <Tabs value={tab} onChange={showTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="info">Informationen</Tabs.Tab>
          <Tabs.Tab value="checklist" disabled={!claim}>
            Checkliste
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="info">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Art"
                required
                placeholder="Bitte wählen"
                data={CLAIM_TYPES.map((t) => ({ value: t, label: CLAIM_TYPE_LABELS[t] }))}
                value={type || null}
                onChange={(v) => set('type', (v ?? '') as Info['type'])}
                error={fieldError('type')}
                readOnly={!editable}
                data-autofocus
              />
              <LocationSelect
                label="Standort"
                value={info.locationId}
                onChange={(v) => set('locationId', v)}
                withAll={false}
                only={locations.only}
                readOnly={Boolean(claim) || !editable}
                required
                fullWidth
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Kunde" required={type === 'customer-item' || type === 'hauler-item'} value={info.customerName} onChange={(e) => set('customerName', e.currentTarget.value)} error={fieldError('customerName')} readOnly={!editable} />
              <TextInput label="Rechnungsnummer Kunde" value={info.customerInvoice} onChange={(e) => set('customerInvoice', e.currentTarget.value)} error={fieldError('customerInvoice')} readOnly={!editable} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Autocomplete
                label="Hersteller"
                required={type === 'stock-item'}
                data={[...new Set((manufacturers.data ?? []).map((m) => m.name))]}
                value={info.supplierName}
                onChange={(v) => set('supplierName', v)}
                error={fieldError('supplierName')}
                readOnly={!editable}
              />
              <TextInput label="Spediteur" required={type === 'hauler-item'} value={info.haulerName} onChange={(e) => set('haulerName', e.currentTarget.value)} error={fieldError('haulerName')} readOnly={!editable} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label="Bestellnummer Onlineshop" value={info.orderNumberOnlineshop} onChange={(e) => set('orderNumberOnlineshop', e.currentTarget.value)} error={fieldError('orderNumberOnlineshop')} readOnly={!editable} />
              <Select
                label="Status"
                placeholder="Bitte wählen"
                data={(statuses.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
                value={info.status}
                onChange={(v) => set('status', v)}
                clearable
                error={fieldError('status')}
                readOnly={!editable}
              />
              <Stack gap={4}>
                <Input.Label>Priorität</Input.Label>
                <SegmentedControl
                  aria-label="Priorität"
                  value={String(info.priority ?? 0)}
                  onChange={(v) => set('priority', v === '0' ? null : (Number(v) as 1 | 2 | 3))}
                  data={[
                    { value: '0', label: 'keine' },
                    { value: '1', label: '1 gelb' },
                    { value: '2', label: '2 grün' },
                    { value: '3', label: '3 rot' },
                  ]}
                  disabled={!editable}
                  size="xs"
                />
              </Stack>
            </SimpleGrid>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="checklist">{claim && <ClaimChecklist claim={claim} value={values.checklist} onChange={(next) => form.setFieldValue('checklist', next)} fieldError={fieldError} />}</Tabs.Panel>
      </Tabs>
    </FormModal>
  );
}
