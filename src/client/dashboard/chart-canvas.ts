/**
 * Draws one chart with Chart.js (issue 23), in its own chunk: loaded only when a dashboard draws a
 * chart, never with the initial JS (and without React, so the chunk shares nothing with the app's
 * first files). Only the bar chart's parts are registered (tree-shaken). The drawing is the picture;
 * the same table is the text alternative (dashboard-charts.tsx): no animation, the theme's colours.
 */
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import type { ChartTable } from './chart-specs.ts';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** Series colours readable on the light and the dark theme. */
const SERIES = ['#3b7dd8', '#e08a1e', '#2f9e5b', '#9b59b6', '#d64545', '#1aa3b8', '#7f8c8d'];

export interface ChartOptions {
  horizontal: boolean;
  stacked: boolean;
  format(value: number, money: boolean): string;
}

/** Draws `table`'s drawn columns as bars on `canvas`; returns what removes the chart. */
export function drawChart(canvas: HTMLCanvasElement, table: ChartTable, { horizontal, stacked, format }: ChartOptions): () => void {
  const style = getComputedStyle(canvas);
  const text = style.getPropertyValue('--text').trim() || style.color;
  const grid = style.getPropertyValue('--border').trim() || 'rgba(0,0,0,0.1)';
  const drawn = table.columns.map((column, index) => ({ column, index })).filter(({ column }) => column.drawn);
  const money = drawn.some(({ column }) => column.money);
  const valueAxis = { stacked, beginAtZero: true, ticks: { color: text, precision: 0, callback: (value: number | string) => format(Number(value), money) }, grid: { color: grid } };
  const labelAxis = { stacked, ticks: { color: text, autoSkip: false }, grid: { display: false } };
  const chart = new Chart(canvas, {
    type: 'bar',
    data: {
      labels: table.rows.map((row) => row.label),
      datasets: drawn.map(({ column, index }, i) => ({
        label: column.label,
        data: table.rows.map((row) => row.values[index] ?? 0),
        backgroundColor: SERIES[i % SERIES.length],
        borderWidth: 0,
      })),
    },
    options: {
      indexAxis: horizontal ? 'y' : 'x',
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      plugins: {
        legend: { display: drawn.length > 1, labels: { color: text } },
        tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${format(Number(item.raw), money)}` } },
      },
      scales: horizontal ? { x: valueAxis, y: labelAxis } : { x: labelAxis, y: valueAxis },
    },
  });
  return () => chart.destroy();
}
