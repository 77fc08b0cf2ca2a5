import type { ReactNode } from 'react';
import classes from './VacationSection.module.css';

/** A theme colour as Mantine names it ('oak.8') as its CSS variable. */
const colorVar = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;

/**
 * The vacation doughnut: one circle per part on a full circle of the root colour, the label in the
 * hole. Drawn here rather than with Mantine's RingProgress, which wraps every part in a floating
 * tooltip that measures the page (style of every ancestor) as the card appears – the dashboard's
 * longest task on a phone. Same geometry: radius 0.45·size − thickness (vacation-ring.ts).
 */
export function VacationRing(props: { size: number; thickness: number; rootColor: string; parts: readonly { value: number; color: string }[]; label: ReactNode }) {
  const { size, thickness } = props;
  const radius = 0.45 * size - thickness;
  const length = 2 * Math.PI * radius;
  let start = 0;
  const parts = props.parts.map((part) => {
    const arc = { ...part, dash: (part.value / 100) * length, offset: -start };
    start += arc.dash;
    return arc;
  });
  const circle = { cx: size / 2, cy: size / 2, r: radius, fill: 'none', strokeWidth: thickness };
  return (
    <div className={classes.ringBox} style={{ width: size, height: size }}>
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} className={classes.ringSvg} aria-hidden>
        <circle {...circle} stroke={colorVar(props.rootColor)} />
        {parts.map((p, i) =>
          p.dash > 0 ? <circle key={i} {...circle} stroke={colorVar(p.color)} strokeDasharray={`${p.dash} ${length}`} strokeDashoffset={p.offset} className={classes.ringPart} /> : null,
        )}
      </svg>
      <div className={classes.ringCenter}>{props.label}</div>
    </div>
  );
}
