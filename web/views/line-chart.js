// Line charts through uPlot (vendored from npm into dist/vendor/), sized to their container, and
// usable by keyboard: the chart is a tab stop whose arrow keys move the cursor (the legend shows
// the values there), and each legend entry is a toggle button.
import '../valid-language.js'; // before uPlot, which reads navigator.language as it loads
import uPlot from '../vendor/uPlot.esm.js';

// uPlot's stylesheet is needed only where a chart is drawn, so it is linked on first use.
if (!document.querySelector('[data-uplot]')) {
  // the single-file build has it inline, as <style data-uplot>
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = new URL('../vendor/uPlot.min.css', import.meta.url).href;
  link.dataset.uplot = '';
  document.head.append(link);
}

/** Okabe-Ito: distinguishable with the common colour-vision deficiencies. */
const SERIES_COLOURS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#000000', '#F0E442'];

const readable = (value) => (value === null || value === undefined ? 'none' : Number.isInteger(value) ? String(value) : value.toFixed(4).replace('-', '−'));

/**
 * A vertical line at x = `at`, labelled, drawn over the series (where a model's trained length ends).
 * @param {uPlot} u @param {{ at: number, label: string }} mark
 */
function drawXMark(u, { at, label }) {
  const { ctx, bbox } = u;
  const x = Math.round(u.valToPos(at, 'x', true)) + 0.5;
  if (x < bbox.left || x > bbox.left + bbox.width) return;
  const ink = getComputedStyle(u.root).color;
  ctx.save();
  ctx.strokeStyle = ink;
  ctx.fillStyle = ink;
  ctx.lineWidth = devicePixelRatio;
  ctx.setLineDash([4 * devicePixelRatio, 3 * devicePixelRatio]);
  ctx.beginPath();
  ctx.moveTo(x, bbox.top);
  ctx.lineTo(x, bbox.top + bbox.height);
  ctx.stroke();
  // Left of the line, just above half way: before L a trained model's lines run along the top, and the middle
  // grid line (0.5 on a 0-1 axis) stays clear of the text.
  ctx.font = `${12 * devicePixelRatio}px system-ui, sans-serif`;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'bottom';
  ctx.fillText(label, x - 4 * devicePixelRatio, bbox.top + bbox.height / 2 - 3 * devicePixelRatio);
  ctx.restore();
}

/**
 * @param {HTMLElement} container
 * @param {{ xLabel: string, yLabel?: string, title: string, height?: number, minWidth?: number, yRange?: [number, number], legend?: boolean,
 *   band?: { upper: number, lower: number, fill: string }, xMark?: { at: number, label: string } }} options
 *   title names the chart for assistive technology; yRange fixes the y axis; band shades between series
 *   `upper` and `lower` (indices into show()'s series) where upper is above lower; xMark draws a labelled vertical line
 */
export function createLineChart(container, { xLabel, yLabel = '', title, height = 220, minWidth = 280, yRange, legend = true, band, xMark }) {
  let chart = null;
  let cursorIndex = -1; // the data point the keyboard cursor is on
  const width = () => Math.max(minWidth, container.clientWidth);
  const observer = new ResizeObserver(() => chart?.setSize({ width: width(), height }));
  observer.observe(container);
  container.tabIndex = 0;
  container.setAttribute('role', 'group');
  container.setAttribute('aria-label', `${title}: left and right arrows move along ${xLabel} and read the values`);
  const spoken = document.createElement('p');
  spoken.className = 'visually-hidden';
  spoken.setAttribute('aria-live', 'polite');
  container.append(spoken);

  /** uPlot options of one series. */
  /** A series' colour: its own (a CSS colour, or a custom property of the container such as '--series-accuracy'), else the palette's. */
  const colourOf = (s, i) =>
    (s.colour?.startsWith('--') ? getComputedStyle(container).getPropertyValue(s.colour).trim() : s.colour) || SERIES_COLOURS[i % SERIES_COLOURS.length];
  const seriesOptions = (s, i) => ({ label: s.label, stroke: colourOf(s, i), width: 1.5, dash: s.dash, points: { show: false } });

  /** Legend entries are buttons that show or hide their series, by keyboard as by mouse. */
  function keyboardLegend() {
    chart.root.querySelectorAll('.u-legend .u-series').forEach((row, i) => {
      const label = row.querySelector('th');
      if (i === 0 || !label || label.tabIndex === 0) return;
      label.tabIndex = 0;
      label.setAttribute('role', 'button');
      label.setAttribute('aria-pressed', String(chart.series[i].show));
      label.addEventListener('keydown', (event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        event.stopPropagation();
        chart.setSeries(i, { show: !chart.series[i].show });
      });
    });
  }

  /** Moves the cursor to data point `index` and says what the legend now shows. */
  function moveCursor(index) {
    const xs = chart.data[0];
    cursorIndex = Math.max(0, Math.min(xs.length - 1, index));
    chart.setCursor({ left: chart.valToPos(xs[cursorIndex], 'x'), top: chart.bbox.height / devicePixelRatio / 2 });
    const values = chart.series
      .slice(1)
      .map((s, i) => (s.show ? `${s.label} ${readable(chart.data[i + 1][cursorIndex])}` : null))
      .filter(Boolean);
    spoken.textContent = `${xLabel} ${readable(xs[cursorIndex])}: ${values.join(', ')}`;
  }

  container.addEventListener('keydown', (event) => {
    if (!chart || event.target !== container || event.altKey || event.ctrlKey || event.metaKey) return;
    const count = chart.data[0].length;
    const big = Math.max(1, Math.round(count / 20));
    const steps = { ArrowRight: 1, ArrowLeft: -1, PageUp: big, PageDown: -big };
    if (event.key in steps) moveCursor(Math.max(0, cursorIndex) + (event.shiftKey ? big : 1) * steps[event.key]);
    else if (event.key === 'Home') moveCursor(0);
    else if (event.key === 'End') moveCursor(count - 1);
    else return;
    event.preventDefault();
  });

  return {
    /**
     * Replaces every series. A chart whose series so far are a prefix of the new ones (results
     * arriving one by one) gains the new series and new data; any other change draws it afresh:
     * building a uPlot measures fonts and lays out its legend, tens of milliseconds a chart.
     * @param {ArrayLike<number>} x
     * @param {{ label: string, values: ArrayLike<number | null>, dash?: number[], colour?: string }[]} series  colour: a CSS colour or a custom property ('--name')
     */
    show(x, series) {
      /** @type {uPlot.AlignedData} */
      const data = [Array.from(x), ...series.map((s) => Array.from(s.values))];
      const shown = chart ? chart.series.slice(1).map((s) => s.label) : null;
      if (shown && shown.length <= series.length && shown.every((label, i) => label === series[i].label)) {
        for (let i = shown.length; i < series.length; i++) chart.addSeries(seriesOptions(series[i], i));
        chart.setData(data);
        keyboardLegend();
        if (cursorIndex >= 0) moveCursor(cursorIndex);
        return;
      }
      chart?.destroy();
      cursorIndex = -1;
      const styles = getComputedStyle(container);
      const ink = styles.color;
      const grid = { stroke: styles.getPropertyValue('--line').trim() || '#d0d7de', width: 1 };
      const opts = {
        width: width(),
        height,
        cursor: { drag: { x: false, y: false } },
        legend: { show: legend, live: true },
        scales: { x: { time: false }, ...(yRange ? { y: { range: yRange } } : {}) },
        axes: [
          { label: xLabel, stroke: ink, grid, ticks: grid },
          { label: yLabel, size: yLabel ? 60 : 40, stroke: ink, grid, ticks: grid },
        ],
        series: [{ label: xLabel }, ...series.map(seriesOptions)],
        // uPlot fills a band from its first series down, clipped to above its second: shaded only where upper > lower.
        bands: band
          ? [{ series: /** @type {[number, number]} */ ([band.upper + 1, band.lower + 1]), fill: styles.getPropertyValue(band.fill).trim() || band.fill }]
          : [],
        hooks: {
          setSeries: [
            (u, i) => {
              if (i !== null) u.root.querySelectorAll('.u-legend .u-series')[i]?.querySelector('th')?.setAttribute('aria-pressed', String(u.series[i].show));
            },
          ],
          draw: xMark ? [(u) => drawXMark(u, xMark)] : [],
        },
      };
      chart = new uPlot(opts, data, container);
      keyboardLegend();
    },
    destroy() {
      observer.disconnect();
      chart?.destroy();
      spoken.remove();
    },
  };
}
