import { useState } from 'react';
import { Anchor, Stack, Text } from '@mantine/core';
import { auditFieldLabel, auditValueText } from '@filialportal/core/audit';
import type { AuditRow } from './audit.api.ts';

/** Lines shown before 'alle … anzeigen': a created person lists every field. */
const FOLDED_AFTER = 4;

/** What an entry changed, one line per field: 'field: before → after'. */
export function AuditChanges({ entry }: { entry: AuditRow }) {
  const [open, setOpen] = useState(false);
  if (entry.erased) {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        nicht mehr lesbar (Person gelöscht)
      </Text>
    );
  }
  const changes = entry.changes ?? [];
  if (changes.length === 0) {
    return (
      <Text span size="sm" c="dimmed">
        –
      </Text>
    );
  }
  const shown = open ? changes : changes.slice(0, FOLDED_AFTER);
  return (
    <Stack gap={2}>
      {shown.map((c) => (
        // The field's name stays whole (the column is as wide as the longest); values (JSON) break anywhere.
        <Text key={c.field} size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {auditFieldLabel(c.field)}:
          </Text>{' '}
          {auditValueText(c.before)} → {auditValueText(c.after)}
        </Text>
      ))}
      {changes.length > FOLDED_AFTER && (
        <Anchor component="button" type="button" size="sm" ta="left" onClick={() => setOpen(!open)}>
          {open ? 'weniger anzeigen' : `alle ${changes.length} anzeigen`}
        </Anchor>
      )}
    </Stack>
  );
}
