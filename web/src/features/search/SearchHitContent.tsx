import { Fragment, type MouseEvent, type ReactNode } from 'react';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { formatDate } from '@filialportal/core/berlin-time';
import { snippetParts, telHref, type SearchItem } from './search-items.ts';
import classes from './SearchDialog.module.css';

/** The first line of a hit. */
function Title({ children, done }: { children: ReactNode; done?: boolean }) {
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      <Text size="sm" fw={600} lh={1.35}>
        {children}
      </Text>
      {done && (
        <Badge size="sm" variant="light" color="green" style={{ flex: 'none' }}>
          erledigt
        </Badge>
      )}
    </Group>
  );
}

/** The details below the title, those with a value, one after the other. */
function Meta({ parts }: { parts: ReactNode[] }) {
  const shown = parts.filter((p) => p !== '' && p !== null && p !== undefined && p !== false);
  if (shown.length === 0) return null;
  return (
    <Text size="xs" c="dimmed" component="div" className={classes.meta}>
      {shown.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <span aria-hidden>·</span>}
          <span>{part}</span>
        </Fragment>
      ))}
    </Text>
  );
}

/** The passage that matched, its words marked as the server marks them; text, never HTML. */
function Snippet({ text }: { text: string }) {
  if (!text) return null;
  return (
    <Text size="xs" c="dimmed" lineClamp={2} mt={2}>
      {snippetParts(text).map((part, i) =>
        part.marked ? (
          <mark key={i} className={classes.mark}>
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </Text>
  );
}

/**
 * What one hit shows, by its group. `onLink` runs when one of a person's links (call, mail) is
 * followed: the link does its own work, the hit's row must not open as well.
 */
export function SearchHitContent({ item, onLink }: { item: SearchItem; onLink: () => void }) {
  const follow = (event: MouseEvent) => {
    event.stopPropagation();
    onLink();
  };
  switch (item.type) {
    case 'people': {
      const { firstName, lastName, location, phone, email } = item.hit;
      return (
        <>
          <Title>
            {firstName} {lastName}
          </Title>
          <Meta parts={[location]} />
          {(phone || email) && (
            <div className={classes.links}>
              {phone && (
                <Anchor href={telHref(phone)} size="xs" onClick={follow}>
                  {phone}
                </Anchor>
              )}
              {email && (
                <Anchor href={`mailto:${email}`} size="xs" onClick={follow}>
                  {email}
                </Anchor>
              )}
            </div>
          )}
        </>
      );
    }
    case 'articles': {
      const { number, name, decor, ean, stock } = item.hit;
      return (
        <>
          <Title>
            {number} · {name}
          </Title>
          <Meta parts={[decor, ean && `EAN ${ean}`, stock === null ? 'kein Bestand' : `Bestand: ${stock.toLocaleString('de-DE')}`]} />
        </>
      );
    }
    case 'news':
      return (
        <>
          <Title>{item.hit.title}</Title>
          <Meta parts={[formatDate(item.hit.date)]} />
          <Snippet text={item.hit.snippet} />
        </>
      );
    case 'documents':
      return (
        <>
          <Title>{item.hit.name}</Title>
          <Meta parts={[item.hit.folder]} />
          <Snippet text={item.hit.snippet} />
        </>
      );
    case 'trainings':
      return (
        <>
          <Title>{item.hit.title}</Title>
          <Meta parts={[formatDate(item.hit.date), item.hit.time && `${item.hit.time} Uhr`, item.hit.city]} />
        </>
      );
    case 'claims':
      return (
        <>
          <Title done={item.hit.completed}>
            {item.hit.number} · {item.hit.customerName}
          </Title>
          <Meta parts={[item.hit.location]} />
        </>
      );
    case 'tasks':
      return (
        <>
          <Title done={item.hit.done}>{item.hit.title}</Title>
          <Meta parts={[item.hit.deadline && `Frist: ${formatDate(item.hit.deadline)}`]} />
        </>
      );
  }
}
