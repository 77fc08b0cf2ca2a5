import { Box, Button, ColorSwatch, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconBeach, IconPlus } from '@tabler/icons-react';
import { currentYear } from '@filialportal/core/berlin-time';
import { Link } from 'react-router';
import { countOf } from '@filialportal/core/plural';
import { useCan, useCurrentUser } from '../../shell-api/current-user.tsx';
import { DashboardSection } from '../../ui/DashboardSection.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { VACATION_REQUEST_PATH } from './paths.ts';
import { formatNumber } from './vacation-ui.tsx';
import { VacationRing } from './VacationRing.tsx';
import { useVacationAccount } from './vacation-account.ts';
import { expiryText, ringParts, ringThickness, type RingPart } from './vacation-ring.ts';
import classes from './VacationSection.module.css';

const RING_SIZE = 148;

const PARTS: Record<RingPart, { label: string; color: string }> = {
  taken: { label: 'Genommen', color: 'oak.8' },
  planned: { label: 'Geplant', color: 'oak.4' },
  open: { label: 'Offen', color: 'teal.6' },
};

/** '1 Tag', '2,5 Tage' */
const days = (n: number) => countOf(n, 'Tag', 'Tage');

function LegendItem({ label, value, color, warn }: { label: string; value: number; color?: string; warn?: boolean }) {
  return (
    <li className={classes.legendItem}>
      <Group gap={8} wrap="nowrap">
        {color ? <ColorSwatch color={`var(--mantine-color-${color.replace('.', '-')})`} size={10} withShadow={false} /> : <span className={classes.swatchSpace} />}
        <Text size="sm" c={color ? undefined : 'dimmed'}>
          {label}
        </Text>
      </Group>
      <Group gap={4} wrap="nowrap" c={warn ? 'red.8' : undefined}>
        {warn && <IconAlertTriangle size={14} aria-hidden />}
        <Text size="sm" fw={600} c={warn ? 'red.8' : undefined} className={classes.legendValue}>
          {days(value)}
        </Text>
      </Group>
    </li>
  );
}

/**
 * 'Mein Urlaub {year}': the own account as a doughnut of taken, planned and open days, with the
 * numbers beside it (spec 1 §2 Dashboard). More approved than available shows as a warning.
 */
export function VacationSection() {
  const user = useCurrentUser();
  const can = useCan();
  const account = useVacationAccount(user);
  const a = account.data;
  const year = currentYear();
  const overdrawn = a.open < 0;

  return (
    <DashboardSection title={`Mein Urlaub ${year}`} icon={<IconBeach size={18} />}>
      <Box p="lg" pt="md">
        <QueryError error={account.error} />
        <div className={classes.vacation}>
          <Box role="img" aria-label={`${days(a.open)} offen, ${days(a.available)} verfügbar`} className={classes.ring}>
            <VacationRing
              size={RING_SIZE}
              thickness={ringThickness(RING_SIZE)}
              rootColor="stone.1"
              parts={ringParts(a).map((p) => ({ value: p.percent, color: PARTS[p.part].color }))}
              label={
                <div aria-hidden className={classes.ringLabel}>
                  <Text fz={30} fw={700} lh={1.1} c={overdrawn ? 'red.8' : undefined}>
                    {formatNumber(a.open)}
                  </Text>
                  <Text size="sm" c="dimmed" lh={1.2}>
                    offen
                  </Text>
                </div>
              }
            />
          </Box>
          <ul className={classes.legend} aria-label="Urlaubskonto">
            <LegendItem label="Verfügbar" value={a.available} />
            <LegendItem label={PARTS.taken.label} value={a.taken} color={PARTS.taken.color} />
            <LegendItem label={PARTS.planned.label} value={a.planned} color={PARTS.planned.color} />
            <LegendItem label={PARTS.open.label} value={a.open} color={PARTS.open.color} warn={overdrawn} />
          </ul>
        </div>
        {expiryText(a) && (
          <Text size="xs" c="oak.9" mt="sm" fw={500}>
            {expiryText(a)} – Resturlaub aus dem Vorjahr, der bis dahin nicht genommen ist.
          </Text>
        )}
        {overdrawn && (
          <Text size="xs" c="red.8" mt="sm">
            Es ist mehr Urlaub genommen und geplant als verfügbar.
          </Text>
        )}
        {can('urlaub_antrag_stellen') && (
          <Button component={Link} to={VACATION_REQUEST_PATH} variant="light" leftSection={<IconPlus size={16} />} fullWidth mt="md">
            Urlaub beantragen
          </Button>
        )}
      </Box>
    </DashboardSection>
  );
}
