import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatIndianNumber, paiseToRupees, type SalesDay } from '@kesh/shared';

const HEIGHT = 260;
const HALF_DAY_S = 12 * 60 * 60;
const LONG_WINDOW_DAYS = 120;

/** Revenue per day as bars (uPlot, canvas). The same numbers are in a table for screen readers. */
export default function RevenueChart({ perDay, label }: { perDay: SalesDay[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const days = perDay.map((d) => Date.parse(`${d.day}T00:00:00+05:30`) / 1000);
    const revenue = perDay.map((d) => paiseToRupees(d.revenuePaise));
    const chart = new uPlot(
      {
        width: el.clientWidth || 600,
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: true, y: false },
        // Half a day of room on each side, so the first and last bars are whole.
        scales: {
          x: { time: true, range: (_u, min, max) => [min - HALF_DAY_S, max + HALF_DAY_S] },
          y: { range: (_u, _min, max) => [0, Math.max(max, 1) * 1.1] },
        },
        axes: [
          {
            stroke: '#4b5563',
            // Spec section 9: en-IN dates ("24 Nov"), on the shop's (Indian) calendar.
            // Over months the day gives way to the year ("Nov 2025"), or three Novembers look alike.
            values: (_u, ticks) =>
              ticks.map((t) =>
                new Date(t * 1000).toLocaleDateString(
                  'en-IN',
                  perDay.length > LONG_WINDOW_DAYS
                    ? { month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }
                    : { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' },
                ),
              ),
          },
          {
            stroke: '#4b5563',
            values: (_u, ticks) => ticks.map((v) => `₹${formatIndianNumber(v, 2)}`),
            // As wide as its longest label ("₹2,00,000" did not fit in a fixed 70 px).
            size: (u, values, axisIndex) => {
              const axis = u.axes[axisIndex]!;
              const longest = (values ?? []).reduce((a, b) => (b.length > a.length ? b : a), '');
              // uPlot keeps the axis font as [font, size] once drawn (the font scaled to the screen's pixels).
              const font: unknown = axis.font;
              u.ctx.font = Array.isArray(font) ? String(font[0]) : typeof font === 'string' ? font : '12px system-ui';
              const text = longest ? u.ctx.measureText(longest).width / devicePixelRatio : 0;
              return Math.ceil(Math.max(50, text + (axis.ticks?.size ?? 10) + (axis.gap ?? 5) + 4));
            },
          },
        ],
        series: [
          {},
          {
            label,
            stroke: '#3f6212',
            fill: 'rgba(101, 163, 13, 0.35)',
            paths: uPlot.paths.bars!({ size: [0.7, 40] }),
            points: { show: false },
          },
        ],
      },
      [days, revenue],
      el,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [perDay, label]);
  return <div ref={box} role="img" aria-label={label} className="w-full" />;
}
