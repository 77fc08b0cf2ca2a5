import { Tabs } from '@mantine/core';
import classes from './ViewTabs.module.css';

export interface ViewTabsProps<V extends string> {
  views: readonly { view: V; tab: string }[];
  value: V;
  onChange: (view: V) => void;
}

/**
 * The row of view tabs above a list (vacation and sick report views). On a narrow screen the
 * tabs wrap onto a second line rather than scroll: every view stays visible and one tap away.
 */
export function ViewTabs<V extends string>({ views, value, onChange }: ViewTabsProps<V>) {
  return (
    <Tabs value={value} onChange={(next) => next && onChange(next as V)} px="md" pt="xs">
      <Tabs.List aria-label="Ansichten" className={classes.list}>
        {views.map((v) => (
          <Tabs.Tab key={v.view} value={v.view} fw={500} className={classes.tab}>
            {v.tab}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
