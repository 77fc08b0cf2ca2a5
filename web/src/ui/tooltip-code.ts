// Mantine's Tooltip in a chunk of its own, which ui/Tooltip.tsx loads after the first view.
import { Tooltip } from '@mantine/core';

export { Tooltip };
