// Line charts through uPlot (vendored from npm into dist/vendor/), sized to their container.
import uPlot from '../vendor/uPlot.esm.js';

// uPlot's stylesheet is needed only where a chart is drawn, so it is linked on first use.
if (!document.querySelector('[data-uplot]')) {  // the single-file build has it inline, as <style data-uplot>
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = new URL('../vendor/uPlot.min.css', import.meta.url).href;
  link.dataset.uplot = '';
  document.head.append(link);
}

/** Okabe-Ito: distinguishable with the common colour-vision deficiencies. */
export const SERIES_COLOURS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#000000', '#F0E442'];

/**
 * @param {HTMLElement} container
 * @param {{ xLabel: string, yLabel: string, height?: number }} options
 */
export function createLineChart(container, { xLabel, yLabel, height = 220 }) {
  let chart = null;
  const width = () => Math.max(280, container.clientWidth);
  const observer = new ResizeObserver(() => chart?.setSize({ width: width(), height }));
  observer.observe(container);

  /** uPlot options of one series. */
  const seriesOptions = (s, i) => ({ label: s.label, stroke: SERIES_COLOURS[i % SERIES_COLOURS.length], width: 1.5, dash: s.dash, points: { show: false } });

  return {
    /**
     * Replaces every series. A chart whose series so far are a prefix of the new ones (results
     * arriving one by one) gains the new series and new data; any other change draws it afresh:
     * building a uPlot measures fonts and lays out its legend, tens of milliseconds a chart.
     * @param {ArrayLike<number>} x
     * @param {{ label: string, values: ArrayLike<number>, dash?: number[] }[]} series
     */
    show(x, series) {
      const data = [Array.from(x), ...series.map((s) => Array.from(s.values))];
      const shown = chart ? chart.series.slice(1).map((s) => s.label) : null;
      if (shown && shown.length <= series.length && shown.every((label, i) => label === series[i].label)) {
        for (let i = shown.length; i < series.length; i++) chart.addSeries(seriesOptions(series[i], i));
        chart.setData(data);
        return;
      }
      chart?.destroy();
      const styles = getComputedStyle(container);
      const ink = styles.color;
      const grid = { stroke: styles.getPropertyValue('--line').trim() || '#d0d7de', width: 1 };
      const opts = {
        width: width(),
        height,
        cursor: { drag: { x: false, y: false } },
        legend: { live: true },
        scales: { x: { time: false } },
        axes: [{ label: xLabel, stroke: ink, grid, ticks: grid }, { label: yLabel, size: 60, stroke: ink, grid, ticks: grid }],
        series: [{ label: xLabel }, ...series.map(seriesOptions)],
      };
      chart = new uPlot(opts, data, container);
    },
    destroy() {
      observer.disconnect();
      chart?.destroy();
    },
  };
}
