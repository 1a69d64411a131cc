import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Skeleton, theme } from 'antd';
import { afterPaint } from '@/shared/lib/chunk';
import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';

/** What a chart may draw: the series and components `./echarts` registers. */
export type ChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
>;

type Instance = ReturnType<(typeof import('./echarts'))['init']>;

export interface ChartProps {
  option: ChartOption;
  height?: number;
  /** Names the chart for assistive technology and tests. */
  label: string;
  style?: CSSProperties;
}

/** Dark when the container's background is: the app's dark mode is antd's dark algorithm. */
function isDark(background: string): boolean {
  const hex = /^#([0-9a-f]{6})$/i.exec(background)?.[1];
  if (!hex) return false;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return 0.299 * r + 0.587 * g + 0.114 * b < 128;
}

/**
 * An echarts chart: echarts is loaded after the first chart mounted and the page around it
 * painted (its own chunk). It follows the box's size (ResizeObserver: the sidebar
 * folding, the window), draws with echarts' dark theme while the app is dark, and is disposed
 * on unmount, with nothing left behind.
 */
export function Chart({ option, height = 300, label, style }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<Instance | null>(null);
  const [ready, setReady] = useState(false);
  const { token } = theme.useToken();
  const dark = isDark(token.colorBgContainer);
  // antd's motion token is off while the system asks for reduced motion: charts draw still too
  const animation = token.motion !== false;
  const animationRef = useRef(animation);
  animationRef.current = animation;
  const latest = useRef(option);
  latest.current = option;

  // A new theme needs a new instance: echarts takes its theme at init only.
  useEffect(() => {
    let live = true;
    let observer: ResizeObserver | undefined;
    const draw = ({ init }: typeof import('./echarts')) => {
      if (!live || !box.current) return;
      const instance = init(box.current, dark ? 'dark' : undefined, { renderer: 'canvas' });
      instance.setOption({ backgroundColor: 'transparent', animation: animationRef.current, ...latest.current });
      chart.current = instance;
      observer = new ResizeObserver(() => instance.resize());
      observer.observe(box.current);
      setReady(true);
    };
    // echarts (its own chunk) is fetched and run after the page around the chart has painted:
    // running it is a long task, and it held the dashboard's figures (issue 32)
    const cancel = afterPaint(() => void import('./echarts').then(draw));
    return () => {
      live = false;
      cancel();
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
      setReady(false);
    };
  }, [dark]);

  useEffect(() => {
    chart.current?.setOption({ backgroundColor: 'transparent', animation, ...option }, { notMerge: true });
  }, [option, animation]);

  return (
    <div style={{ position: 'relative', height, ...style }}>
      <div ref={box} role="img" aria-label={label} data-chart-ready={ready ? 'true' : undefined} style={{ height }} />
      {!ready && (
        <div style={{ position: 'absolute', inset: 0 }}>
          <Skeleton active paragraph={{ rows: 5 }} title={false} />
        </div>
      )}
    </div>
  );
}
