import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartProps } from './chart-types';

/**
 * recharts' SVG bar chart (its accessibility layer lets a keyboard walk the bars). Loaded lazily
 * (LazyMoneyBarChart), so pages without charts never download recharts.
 */
export default function MoneyBarChart({ rows, series, formatValue, formatAxis, height = 260 }: ChartProps) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={rows} accessibilityLayer margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tickLine={false} />
        <YAxis tickFormatter={(value: number) => formatAxis(value)} width={72} />
        <Tooltip formatter={(value) => formatValue(Number(value))} />
        <Legend />
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
