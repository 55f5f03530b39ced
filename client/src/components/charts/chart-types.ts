/** One bar group: its label on the x axis and a value per series. */
export interface ChartRow {
  label: string;
  [series: string]: string | number;
}

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

export interface ChartProps {
  rows: ChartRow[];
  series: ChartSeries[];
  /** A value as the tooltip and the table show it. */
  formatValue: (value: number) => string;
  /** A value on the y axis. */
  formatAxis: (value: number) => string;
  height?: number;
}
