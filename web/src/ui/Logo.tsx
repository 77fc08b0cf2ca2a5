import { Group, Text } from '@mantine/core';

/** The word mark: a floorboard tile and the product name. */
export function Logo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const box = size === 'lg' ? 40 : 30;
  return (
    <Group gap={10} wrap="nowrap" aria-label="Filialportal" role="img">
      <svg width={box} height={box} viewBox="0 0 32 32" aria-hidden focusable="false">
        <rect width="32" height="32" rx="7" fill="var(--mantine-color-oak-8)" />
        <path d="M7 22h18M7 17h18M7 12h18" stroke="#f6e7d3" strokeWidth="2.4" strokeLinecap="round" />
        <path d="M13 12v5M20 17v5M18 7.5v4.5" stroke="#f6e7d3" strokeWidth="1.6" strokeLinecap="round" opacity="0.7" />
      </svg>
      <Text component="span" fw={700} fz={size === 'lg' ? 26 : 19} c="oak.9" style={{ letterSpacing: '-0.01em' }} aria-hidden>
        Filialportal
      </Text>
    </Group>
  );
}
