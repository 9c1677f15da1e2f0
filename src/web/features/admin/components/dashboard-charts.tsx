/**
 * The dashboard's charts, drawn with Chart.js (a well-kept chart library) and loaded as
 * their own chunk (React.lazy in dashboard-section.tsx) so neither the storefront nor
 * the rest of the admin carries the library. Each chart is a <canvas role="img"> with a
 * text summary for screen readers, plus the numbers in a visually hidden table.
 */
import type { Dashboard } from '@shared/schemas/dashboard';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

const CATALOG = '#166534';
const CUSTOM = '#b45309';

function BarChart({
  label,
  summary,
  labels,
  series,
  stacked,
  money,
}: {
  label: string;
  summary: string;
  labels: string[];
  series: { label: string; data: number[]; color: string }[];
  stacked?: boolean;
  money?: boolean;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels,
        datasets: series.map((s) => ({ label: s.label, data: s.data, backgroundColor: s.color })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: {
          x: { stacked },
          y: {
            stacked,
            beginAtZero: true,
            ticks: money
              ? { callback: (v) => `$${Number(v).toLocaleString('en-US')}` }
              : { precision: 0 },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [labels, series, stacked, money]);
  return (
    <figure className="space-y-2">
      <figcaption className="font-medium">{label}</figcaption>
      <div className="relative h-64">
        <canvas ref={canvas} role="img" aria-label={`${label}: ${summary}`} data-chart={label} />
      </div>
      <table className="sr-only">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">Label</th>
            {series.map((s) => (
              <th key={s.label} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((l, i) => (
            <tr key={l}>
              <th scope="row">{l}</th>
              {series.map((s) => (
                <td key={s.label}>{s.data[i]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

export default function DashboardCharts({ data }: { data: Dashboard }) {
  const days = data.salesByDay.map((d) => d.date.slice(5));
  const catalogSales = data.salesByDay.map((d) => d.catalog);
  const customSales = data.salesByDay.map((d) => d.custom);
  const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0).toFixed(2);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <BarChart
        label="Sales per day"
        summary={`catalogue $${total(catalogSales)}, custom $${total(customSales)} over ${data.days} days`}
        labels={days}
        stacked
        money
        series={[
          { label: 'Catalogue', data: catalogSales, color: CATALOG },
          { label: 'Custom', data: customSales, color: CUSTOM },
        ]}
      />
      <BarChart
        label="Orders by status"
        summary={
          data.ordersByStatus.map((s) => `${s.status} ${s.catalog + s.custom}`).join(', ') ||
          'no orders'
        }
        labels={data.ordersByStatus.map((s) => s.status.replaceAll('_', ' '))}
        series={[
          { label: 'Catalogue', data: data.ordersByStatus.map((s) => s.catalog), color: CATALOG },
          { label: 'Custom', data: data.ordersByStatus.map((s) => s.custom), color: CUSTOM },
        ]}
      />
    </div>
  );
}
