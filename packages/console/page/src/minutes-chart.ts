import type { AuditMinute as MinuteJson } from '../../src/console-contract.js';
import { el } from './el.js';
import { errorSentence } from './error-sentence.js';
import { requestRoute } from './request-json.js';
import { statusShort } from './status-words.js';

/** The statuses in the order they stack, bottom up (audit.json's enum); a status the server adds goes on top. */
const order = ['ok', 'failed', 'invalid', 'upstream', 'denied'];

const svgNs = 'http://www.w3.org/2000/svg';
const width = 600;
const height = 160;
const top = 4;
const bottom = 2;

/** A new SVG element with the given attributes. */
function svg(tag: string, attributes: Readonly<Record<string, string | number>>, text?: string): SVGElement {
  const element = document.createElementNS(svgNs, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

/** Calls per minute by status over the last hour, stacked SVG bars (no chart library); `reload()` reads `/api/audit/minutes`. */
export class MinutesChart {
  private readonly figure = el('figure', { className: 'chart' });
  private readonly problem = el('p', { className: 'problem', role: 'alert' });

  constructor(container: HTMLElement) {
    container.append(this.figure, this.problem);
  }

  /** Reads the minutes and redraws the chart. */
  async reload(): Promise<void> {
    try {
      const { minutes } = await requestRoute('auditMinutes');
      this.draw(minutes);
      this.problem.textContent = '';
    } catch (error) {
      this.problem.textContent = errorSentence(error);
    }
  }

  private draw(minutes: readonly MinuteJson[]): void {
    const seen = new Set(minutes.flatMap((minute) => Object.keys(minute.counts)));
    const statuses = [...order.filter((status) => seen.has(status)), ...[...seen].filter((status) => !order.includes(status)).sort()];
    const totals = minutes.map((minute) => Object.values(minute.counts).reduce((sum, count) => sum + count, 0));
    const max = Math.max(1, ...totals);
    const slot = width / Math.max(60, minutes.length);
    const plot = height - top - bottom;
    const chart = svg('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-labelledby': 'chart-title' });
    const total = totals.reduce((sum, count) => sum + count, 0);
    chart.append(svg('title', { id: 'chart-title' }, `${total} calls in the last hour; at most ${max} in one minute`));
    chart.append(svg('line', { x1: 0, x2: width, y1: height - bottom, y2: height - bottom, class: 'axis' }));
    minutes.forEach((minute, index) => {
      let y = height - bottom;
      for (const status of statuses) {
        const count = minute.counts[status] ?? 0;
        if (count === 0) continue;
        const barHeight = (count / max) * plot;
        y -= barHeight;
        const bar = svg('rect', { x: index * slot + 1, y, width: Math.max(1, slot - 2), height: barHeight, class: `bar ${status}` });
        bar.append(svg('title', {}, `${new Date(minute.minute).toLocaleTimeString()}: ${count} ${statusShort(status)}`));
        chart.append(bar);
      }
    });
    const legend = el(
      'figcaption',
      { className: 'legend' },
      ...statuses.map((status) =>
        el(
          'span',
          { className: 'key' },
          el('span', { className: `swatch ${status}` }),
          `${statusShort(status)}: ${minutes.reduce((sum, minute) => sum + (minute.counts[status] ?? 0), 0)}`,
        ),
      ),
    );
    if (statuses.length === 0) legend.append('No calls in the last hour.');
    // The scale is HTML beside the drawing, so it keeps the page's font size on a narrow screen.
    const scale = el('p', { className: 'chart-scale' }, el('span', {}, '60 min ago'), el('span', {}, 'now'));
    this.figure.replaceChildren(el('p', { className: 'chart-max' }, `At most ${max} per minute`), chart, scale, legend);
  }
}
