import type { NavItem } from '../../shell-api/navigation.ts';

function* entries(items: readonly NavItem[]): Generator<NavItem> {
  for (const item of items) {
    yield item;
    if (item.children) yield* entries(item.children);
  }
}

/**
 * Where a task's link leads, when it leads somewhere the user can go: an app path ('/urlaub/1')
 * inside a view of the user's navigation (`visible`: built and permitted). Links into views still
 * to come, foreign addresses and empty links give null, so no dead 'Öffnen' button appears.
 */
export function taskLinkTarget(link: string | null | undefined, visible: readonly NavItem[]): string | null {
  if (!link || !link.startsWith('/') || link.startsWith('//')) return null;
  const path = link.split(/[?#]/)[0]!;
  for (const item of entries(visible)) {
    if (path === item.path || path.startsWith(`${item.path}/`)) return link;
  }
  return null;
}
