import { useState } from 'react';
import { Button, Card, Group, NumberInput, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { RETENTION_KIND_KEYS, RETENTION_KINDS, ZRetentionSettings, type RetentionKind, type RetentionSettings } from '@filialportal/core/retention';
import { zodResolver } from '../../ui/form-problem.ts';
import { QueryError } from '../../ui/QueryError.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { useRetention, useSaveRetention } from './audit.api.ts';
import { SaveStatus } from '../../ui/SaveStatus.tsx';

/** The form's values: days, or '' while a field is empty. */
type RetentionValues = Record<RetentionKind, number | ''>;

/** The kinds a message of the server names: each begins with its kind's label. */
const kindsOf = (message: string) => RETENTION_KIND_KEYS.filter((k) => message.startsWith(`${RETENTION_KINDS[k].label}:`));

const days = (n: number) => n.toLocaleString('de-DE');

function DaysForm({ settings }: { settings: RetentionSettings }) {
  const save = useSaveRetention();
  const [saved, setSaved] = useState(false);
  // Each field's bound stands under it; a refusal of no field above the button.
  const { form, message, refused } = useCheckedForm<RetentionValues>({
    initialValues: settings,
    validate: zodResolver(ZRetentionSettings),
    messagesUnder: RETENTION_KIND_KEYS,
    onValuesChange: () => setSaved(false),
  });

  const submit = form.onSubmit(
    (values) => {
      setSaved(false);
      // Checked by the schema: every field holds a whole number of days.
      save.mutate(values as RetentionSettings, {
        onSuccess: (data) => {
          form.setValues(data.retention);
          form.resetDirty(data.retention);
          setSaved(true);
        },
        onError: (error) => refused(error, kindsOf),
      });
    },
    () => setSaved(false),
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="retention-title">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          {RETENTION_KIND_KEYS.map((kind) => {
            const { label, min, max, default: standard } = RETENTION_KINDS[kind];
            return (
              <NumberInput
                key={kind}
                label={label}
                description={`${days(min)} bis ${days(max)} Tage, Standard ${days(standard)}`}
                {...form.getInputProps(kind)}
                // Out of bounds stays as typed: the message under the field says what is allowed.
                clampBehavior="none"
                min={min}
                max={max}
                allowDecimal={false}
                allowNegative={false}
                hideControls
                thousandSeparator="."
                decimalSeparator=","
                rightSection={
                  <Text size="sm" c="dimmed" aria-hidden>
                    Tage
                  </Text>
                }
                rightSectionWidth={52}
                rightSectionPointerEvents="none"
              />
            );
          })}
        </SimpleGrid>
        <SaveStatus message={message} saved={saved} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={18} />}>
            Speichern
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Loading() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" aria-busy>
      {RETENTION_KIND_KEYS.map((kind) => (
        <Stack key={kind} gap={6}>
          <Skeleton height={14} width={180} />
          <Skeleton height={36} />
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/**
 * Settings section 'Aufbewahrung' (Admin): how many days each kind of personal data is kept
 * before the nightly job deletes it, within bounds that keep what must be kept.
 */
export function RetentionForm() {
  const retention = useRetention();
  return (
    <Card maw={860}>
      <Title order={2} fz={18} mb={4} id="retention-title">
        Aufbewahrung
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Wie viele Tage das Portal personenbezogene Daten aufbewahrt. Was älter ist, löscht es einmal täglich.
      </Text>
      <QueryError error={retention.error} />
      {retention.data ? <DaysForm settings={retention.data} /> : !retention.error && <Loading />}
    </Card>
  );
}
