import type { ReportPeriodName } from '@casino/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { chartFigures, type ChartData } from './chart-series';

/** A token's colour as the browser resolves it in the current theme (light-dark() included). */
function tokenColor(host: HTMLElement, token: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${token})`;
  host.append(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color;
}

/** The theme class on <html> changes: the canvas is drawn again in the new colours. */
function useThemeChange(onChange: { current: () => void }) {
  useEffect(() => {
    const observer = new MutationObserver(() => onChange.current());
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, [onChange]);
}

const height = 280;

/**
 * The report's chart (uPlot, decision 085): its own chunk, loaded only on the reports screen.
 * A picture for the eye; the table beside it holds the same figures for everyone else.
 */
export default function ReportChart({
  data,
  label,
  period,
}: {
  data: ChartData;
  label: string;
  period: ReportPeriodName;
}) {
  const { t, i18n } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const draw = useRef<() => void>(() => undefined);

  draw.current = () => {
    const element = host.current;
    if (!element) return;
    chart.current?.destroy();
    const text = tokenColor(element, '--text-muted');
    const grid = tokenColor(element, '--border');
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } };
    const dates = new Intl.DateTimeFormat(i18n.language === 'ru' ? 'ru-RU' : 'en-GB', {
      timeZone: 'UTC',
      ...(period === 'month'
        ? { month: 'short', year: 'numeric' }
        : { day: 'numeric', month: 'short' }),
    });
    const periodLabel = (start: number | undefined) =>
      start === undefined ? '' : dates.format(new Date(start * 1000));
    const money = new Intl.NumberFormat(i18n.language === 'ru' ? 'ru-RU' : 'en-GB', {
      notation: 'compact',
      maximumFractionDigits: 1,
    });
    chart.current = new uPlot(
      {
        width: Math.max(element.clientWidth, 240),
        height,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          // The periods by their index: one tick per period, never hours between days.
          x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
        },
        series: [
          {},
          ...chartFigures.map((figure) => ({
            label: t(figure.label),
            stroke: tokenColor(element, figure.color),
            width: 2,
            points: { show: true, size: 6 },
          })),
        ],
        axes: [
          {
            ...axis,
            incrs: [1, 2, 3, 5, 7, 10, 14, 30, 60, 90, 180, 365],
            values: (_u, splits) => splits.map((index) => periodLabel(data.starts[index])),
          },
          { ...axis, size: 64, values: (_u, ticks) => ticks.map((v) => money.format(v)) },
        ],
      },
      [data.starts.map((_, index) => index), ...data.values],
      element,
    );
  };

  useEffect(() => {
    draw.current();
    const element = host.current;
    const resize = new ResizeObserver(() => {
      if (element && chart.current) {
        chart.current.setSize({ width: Math.max(element.clientWidth, 240), height });
      }
    });
    if (element) resize.observe(element);
    return () => {
      resize.disconnect();
      chart.current?.destroy();
      chart.current = null;
    };
  }, [data, t, i18n.language, period]);
  useThemeChange(draw);

  return (
    <figure className="stack" style={{ margin: 0, gap: 8 }}>
      <div ref={host} role="img" aria-label={label} data-testid="report-chart" />
      <figcaption className="chart-legend">
        {chartFigures.map((figure) => (
          <span key={figure.key} className="chart-key">
            <span className="chart-swatch" style={{ background: `var(${figure.color})` }} />
            {t(figure.label)} ({data.currency})
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
