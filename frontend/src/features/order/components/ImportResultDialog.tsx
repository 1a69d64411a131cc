import { useState } from 'react';
import { Alert, Button, Modal, Statistic, Row, Col, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { saveBlob } from '@/shared/ui/table';
import { expressErrorSheet, type ImportAnswer, type ImportErrorRow } from '../api';
import { useT } from '../messages';

/** The errors listed by the BFF at most (order.MaxRowErrors). */
const LISTED = 1000;

/** The express import's outcome: the counts, the failed rows and their download (null: closed). */
export function ImportResultDialog({ result, onClose }: { result: ImportAnswer | null; onClose: () => void }) {
  const t = useT();
  const [saving, setSaving] = useState(false);
  const download = async () => {
    if (!result) return;
    setSaving(true);
    try {
      saveBlob(await expressErrorSheet(result.errors), '快递单号导入错误.xlsx');
    } catch {
      // the request client has told the user
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title={t('order.import.title')}
      open={result !== null}
      onCancel={onClose}
      width={640}
      destroyOnHidden
      footer={[
        result && result.errors.length > 0 ? (
          <Button key="errors" icon={<DownloadOutlined />} loading={saving} onClick={() => void download()}>
            {t('order.import.download')}
          </Button>
        ) : null,
        <Button key="ok" type="primary" onClick={onClose}>
          {t('pagination.confirm')}
        </Button>,
      ]}
    >
      {result ? (
        <>
          <Row gutter={16} style={{ marginBottom: 16 }}>
            <Col span={8}>
              <Statistic title={t('order.import.total')} value={result.total} />
            </Col>
            <Col span={8}>
              <Statistic title={t('order.import.imported')} value={result.imported} valueStyle={{ color: '#389e0d' }} />
            </Col>
            <Col span={8}>
              <Statistic title={t('order.import.failed')} value={result.failed} valueStyle={result.failed ? { color: '#cf1322' } : undefined} />
            </Col>
          </Row>
          {result.failed > result.errors.length ? (
            <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('order.import.firstOnly', { n: LISTED })} />
          ) : null}
          {result.errors.length > 0 ? (
            <Table<ImportErrorRow>
              size="small"
              rowKey="row"
              dataSource={result.errors}
              pagination={{ pageSize: 5, showSizeChanger: false, hideOnSinglePage: true }}
              columns={[
                { title: t('order.import.row'), dataIndex: 'row', width: 72 },
                { title: t('order.orderNo'), dataIndex: 'orderNo', width: 200, render: (v: string) => v || '-' },
                { title: t('order.import.reason'), dataIndex: 'message' },
              ]}
            />
          ) : null}
        </>
      ) : null}
    </Modal>
  );
}
