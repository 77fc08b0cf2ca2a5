import { type ComponentType, type PointerEvent, type ReactElement, type Ref, cloneElement, useRef, useState } from 'react';
import type { TooltipProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { flushSync } from 'react-dom';
import { afterFirstView } from '../shell-api/first-view.ts';

/**
 * The portal's tooltip: Mantine's, whose code (with the positioning library it shares with
 * popovers, some 16 KiB on the line) loads once the page's first view is drawn rather than
 * before it, and which an element takes on only when a mouse first comes over it: a page of
 * rows with hints draws no hint machinery for rows nobody points at. Mantine shows tooltips on
 * hover alone (not on focus or touch), so nobody misses one. Features import this one, never
 * Mantine's, so the first view stays without that code (lint; the build checks the chunks,
 * vite.config.ts `pageChunks`).
 */
let loaded: ComponentType<TooltipProps> | null = null;
let loading: Promise<ComponentType<TooltipProps> | null> | null = null;

function load(): Promise<ComponentType<TooltipProps> | null> {
  loading ??= import('./tooltip-code.ts').then(
    (code) => (loaded = code.Tooltip as ComponentType<TooltipProps>),
    // Without it (a chunk gone after an update, no network) the element stays without its hint; a later hover tries again.
    () => (loading = null),
  );
  return loading;
}

afterFirstView(() => void load());

type Handler = ((event: never) => void) | undefined;
/** The handlers a wrapper (a popover's target) gives the tooltip, which passes them on to the element, as Mantine's does. */
const PASSED = ['onClick', 'onMouseEnter', 'onMouseLeave', 'onMouseMove', 'onPointerDown'] as const;

export function Tooltip(props: TooltipProps) {
  const [Code, setCode] = useState<ComponentType<TooltipProps> | null>(null);
  const over = useRef(false);
  const child = props.children as ReactElement<Record<string, unknown> & { ref?: Ref<unknown>; className?: string }>;
  const ref = useMergedRef(child.props.ref, props.ref);
  // Taken on, it opens at once: the mouse is over the element already.
  if (Code) return <Code {...props} defaultOpened={over.current} />;
  const both = (name: string, theirs: Handler, own?: (event: PointerEvent) => void) => (event: PointerEvent) => {
    (child.props[name] as Handler)?.(event as never);
    theirs?.(event as never);
    own?.(event);
  };
  const passed = Object.fromEntries(PASSED.filter((name) => props[name]).map((name) => [name, both(name, props[name] as Handler)]));
  return cloneElement(child, {
    ...passed,
    ref,
    className: [props.className, child.props.className].filter(Boolean).join(' ') || undefined,
    onPointerEnter: both('onPointerEnter', props.onPointerEnter as Handler, (event) => {
      if (event.pointerType === 'touch' || props.disabled) return;
      over.current = true;
      // At once, before the button goes down: a click begun on the element must end on the one that replaces it.
      if (loaded) flushSync(() => setCode(() => loaded));
      else void load().then((code) => code && setCode(() => code));
    }),
    onPointerLeave: both('onPointerLeave', undefined, () => {
      over.current = false;
    }),
  });
}
