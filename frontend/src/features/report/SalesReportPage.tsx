import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Col, DatePicker, Empty, Row, Segmented, Space, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { usePermission } from '@/features/auth';
import { Perm } from '@/shared/api/permissions';
import { useLanguage } from '@/shared/lib/i18n';
import { Chart } from '@/shared/ui/chart';
import { saveBlob } from '@/shared/ui/table';
import { downloadSales, getSales, type Dimension, type SalesAnswer, type SalesQuery, type SalesRow } from './api';
import { useT } from './messages';
import { chartOption, DIMENSIONS, exportColumns, money, presetRange, rowLabel, toQuery, type Preset } from './query';

const PRESETS: Exclude<Preset, 'custom'>[] = ['7', '30', 'month', 'lastMonth'];

/** 销售报表: a range (presets or picked), a dimension, the cards, a chart and the rows; 导出 writes the sheet. */
export default function SalesReportPage() {
  const t = useT();
  const lang = useLanguage((s) => s.language);
  const canExport = usePermission([Perm.ReportList]);
  const [preset, setPreset] = useState<Preset>('30');
  const [query, setQuery] = useState<SalesQuery>({ ...presetRange('30'), by: 'day' });
  const [tooLong, setTooLong] = useState(false);
  const [answer, setAnswer] = useState<SalesAnswer>();
  const [loading, setLoading] = useState(false);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    let live = true;
    setLoading(true);
    getSales(query)
      .then((a) => live && setAnswer(a))
      .catch(() => undefined) // the request client has shown the error
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [query]);

  const choosePreset = (p: Preset) => {
    setPreset(p);
    setTooLong(false);
    if (p !== 'custom') setQuery((q) => ({ ...q, ...presetRange(p) }));
  };
  const pick = (range: [Dayjs | null, Dayjs | null] | null) => {
    if (!range?.[0] || !range[1]) return;
    const q = toQuery(range[0], range[1], query.by);
    setTooLong(!q);
    if (q) {
      setPreset('custom');
      setQuery(q);
    }
  };
  const exportSheet = async () => {
    const { headers, fields } = exportColumns(query.by, lang);
    setExporting(true);
    try {
      saveBlob(await downloadSales(query, headers, fields), `${t('report.title')}_${query.start}_${query.end}.xlsx`);
    } catch {
      // the request client has shown the error
    } finally {
      setExporting(false);
    }
  };

  const option = useMemo(() => (answer && answer.rows.length > 0 ? chartOption(answer, query.by, lang) : undefined), [answer, query.by, lang]);
  const moneyCol = (key: 'sales' | 'refunds' | 'net') => ({
    title: t(`report.${key}`),
    dataIndex: key,
    align: 'right' as const,
    sorter: (a: SalesRow, b: SalesRow) => Number(a[key]) - Number(b[key]),
    render: (v: string) => money(v),
  });
  const columns: ColumnsType<SalesRow> = [
    { title: t(`report.key.${query.by}`), dataIndex: 'label', render: (_: string, r) => rowLabel(r, lang) },
    { title: t('report.orders'), dataIndex: 'orders', align: 'right', sorter: (a, b) => a.orders - b.orders },
    { title: t('report.units'), dataIndex: 'units', align: 'right', sorter: (a, b) => a.units - b.units },
    moneyCol('sales'),
    moneyCol('refunds'),
    moneyCol('net'),
  ];
  const total = answer?.total;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <Segmented<Preset>
              value={preset}
              onChange={choosePreset}
              options={PRESETS.map((p) => ({ label: t(`report.preset.${p}`), value: p }))}
            />
            <DatePicker.RangePicker
              aria-label={t('report.range')}
              value={[dayjs(query.start), dayjs(query.end)]}
              allowClear={false}
              onChange={pick}
              status={tooLong ? 'error' : undefined}
            />
            {tooLong && <Typography.Text type="danger">{t('report.range.tooLong')}</Typography.Text>}
            <Segmented<Dimension>
              aria-label={t('report.by')}
              value={query.by}
              onChange={(by) => setQuery((q) => ({ ...q, by }))}
              options={DIMENSIONS.map((d) => ({ label: t(`report.by.${d}`), value: d }))}
            />
          </Space>
          <Space>
            <Typography.Text type="secondary">
              {answer?.asOf ? t('report.asOf', { time: dayjs(answer.asOf).format('YYYY-MM-DD HH:mm') }) : t('report.asOf.never')}
            </Typography.Text>
            {canExport && (
              <Button onClick={() => void exportSheet()} loading={exporting}>
                {t('report.export')}
              </Button>
            )}
          </Space>
        </Space>
      </Card>
      <Row gutter={[16, 16]}>
        {(['orders', 'units'] as const).map((k) => (
          <Col key={k} xs={12} md={8} xl={4}>
            <Card>
              <Statistic title={t(`report.${k}`)} value={total?.[k] ?? 0} loading={loading && !answer} />
            </Card>
          </Col>
        ))}
        {(['sales', 'refunds', 'net'] as const).map((k) => (
          <Col key={k} xs={12} md={8} xl={k === 'net' ? 8 : 4}>
            <Card>
              <Statistic title={t(`report.${k}`)} value={total ? money(total[k]) : '-'} loading={loading && !answer} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card title={query.by === 'day' ? t('report.trend') : t('report.top')}>
        {option ? <Chart option={option} height={320} label={query.by === 'day' ? t('report.trend') : t('report.top')} /> : <Empty description={t('report.empty')} />}
      </Card>
      <Card>
        <Table<SalesRow>
          rowKey="key"
          size="middle"
          loading={loading}
          columns={columns}
          dataSource={answer?.rows ?? []}
          pagination={{ defaultPageSize: 20, showSizeChanger: true }}
          summary={() =>
            total ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>{lang === 'en-US' ? 'Total' : '合计'}</Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">{total.orders}</Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">{total.units}</Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">{money(total.sales)}</Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">{money(total.refunds)}</Table.Summary.Cell>
                <Table.Summary.Cell index={5} align="right">{money(total.net)}</Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
      </Card>
    </Space>
  );
}
