import { ScrollArea, Tabs } from '@mantine/core';

export interface ViewTabsProps<V extends string> {
  views: readonly { view: V; tab: string }[];
  value: V;
  onChange: (view: V) => void;
}

/** The row of view tabs above a list (vacation and sick report views); scrolls on narrow screens. */
export function ViewTabs<V extends string>({ views, value, onChange }: ViewTabsProps<V>) {
  return (
    <ScrollArea type="never">
      <Tabs value={value} onChange={(next) => next && onChange(next as V)} px="md" pt="xs">
        <Tabs.List aria-label="Ansichten" style={{ flexWrap: 'nowrap' }}>
          {views.map((v) => (
            <Tabs.Tab key={v.view} value={v.view} fw={500}>
              {v.tab}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
    </ScrollArea>
  );
}
