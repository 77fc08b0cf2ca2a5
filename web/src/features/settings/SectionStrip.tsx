import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Box, ScrollArea } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import classes from './SettingsPage.module.css';

/**
 * A row of tabs that scrolls sideways when it is wider than the page: arrow buttons and faded
 * edges show that more sections follow, and the selected tab is scrolled into view.
 */
export function SectionStrip({ activeKey, children }: { activeKey: string | null; children: ReactNode }) {
  const viewport = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ left: false, right: false });

  const measure = useCallback(() => {
    const el = viewport.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setEdges((e) => (e.left === left && e.right === right ? e : { left, right }));
  }, []);

  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);

  useEffect(() => {
    if (!activeKey) return;
    viewport.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    measure();
  }, [activeKey, measure]);

  const scrollBy = (direction: 1 | -1) => {
    const el = viewport.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.7, behavior: 'smooth' });
  };

  return (
    <Box className={classes.strip} data-fade-left={edges.left || undefined} data-fade-right={edges.right || undefined}>
      {edges.left && (
        <ActionIcon
          className={classes.stripArrowLeft}
          variant="default"
          radius="xl"
          size="md"
          onClick={() => scrollBy(-1)}
          aria-label="Weitere Bereiche links"
          tabIndex={-1}
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
      )}
      <ScrollArea type="never" viewportRef={viewport} onScrollPositionChange={measure}>
        {children}
      </ScrollArea>
      {edges.right && (
        <ActionIcon
          className={classes.stripArrowRight}
          variant="default"
          radius="xl"
          size="md"
          onClick={() => scrollBy(1)}
          aria-label="Weitere Bereiche rechts"
          tabIndex={-1}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
      )}
    </Box>
  );
}
