/**
 * The part of echarts the console draws with, and nothing more: echarts/core with the line,
 * bar and pie charts, their grid, tooltip and legend, on canvas. Only `Chart` imports this
 * module, and only dynamically, so echarts is a chunk of its own that loads after the page.
 */
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export const { init } = echarts;
