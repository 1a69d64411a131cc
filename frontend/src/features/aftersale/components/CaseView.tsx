import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button, Card, Col, Descriptions, Empty, Flex, Image, Result, Row, Space, Spin, Table, Tag, Timeline, Typography } from 'antd';
import { hasPermission, useSession } from '@/features/auth';
import { failureOf } from '@/shared/api';
import { formatYuan, timesYuan } from '@/shared/lib/money';
import { lookPath } from '@/shared/lib/look';
import { apiUrl } from '@/shared/lib/runtime';
import { useDicts } from '@/shared/ui/dict';
import { getCase, type CaseDetail, type CaseItem, type PhotoRef } from '../api';
import { CASE_MOVES, canMove, positive } from '../logic';
import { useCaseMoves } from '../moves';
import { useT } from '../messages';

export const STATUS_COLOR: Record<string, string> = {
  applied: 'orange',
  approved: 'blue',
  awaiting_return: 'gold',
  returned: 'cyan',
  received: 'geekblue',
  refunding: 'purple',
  refunded: 'green',
  rejected: 'red',
  cancelled: 'default',
};

const TIMELINE_COLOR: Record<string, string> = { refunded: 'green', rejected: 'red', cancelled: 'gray' };
const right = { textAlign: 'right' as const, fontVariantNumeric: 'tabular-nums' };
export const REASON_DICT = 'aftersale_reason';

type State = { phase: 'loading' } | { phase: 'done'; record: CaseDetail } | { phase: 'missing' } | { phase: 'failed' };

/** One case loaded by id; `refresh` after a move keeps the shown case until the new answer. */
function useCase(id: number) {
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ phase: 'loading' });
    getCase(id).then(
      (record) => live && setState({ phase: 'done', record }),
      (e: unknown) => {
        const status = failureOf(e)?.status;
        if (live) setState({ phase: status === 404 || status === 400 ? 'missing' : 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [id, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const refresh = useCallback(() => {
    getCase(id).then((record) => setState({ phase: 'done', record }), retry);
  }, [id, retry]);
  return { state, retry, refresh };
}

function photoOf(p: PhotoRef): { id: number; src?: string; name: string } {
  if (typeof p === 'number') return { id: p, name: `#${p}` };
  const src = p.readUrl ?? p.url;
  return { id: p.id, src: src ? apiUrl(src) : undefined, name: p.originalName ?? p.name ?? `#${p.id}` };
}

/**
 * One case: status and moves, the basics, the items with their money, the photos, the return
 * shipment, the refund with its linked 退款审批, and the history (oldest first). The drawer of
 * 售后管理 and the detail page (/look) both show it. `onMoved` after a move (the list reloads);
 * `onTitle` gets the case number once loaded.
 */
export function CaseView({ id, onMoved, onTitle }: { id: number; onMoved?: () => void; onTitle?: (caseNo: string) => void }) {
  const t = useT();
  const { state, retry, refresh } = useCase(id);
  const held = useSession((s) => s.roles);
  const dicts = useDicts(REASON_DICT, 'express_company');
  const reasons = dicts[REASON_DICT] ?? [];
  const carriers = dicts.express_company ?? [];
  const moves = useCaseMoves(() => {
    refresh();
    onMoved?.();
  });
  const caseNo = state.phase === 'done' ? state.record.caseNo : undefined;
  useEffect(() => {
    if (caseNo) onTitle?.(caseNo);
  }, [caseNo, onTitle]);

  if (state.phase === 'loading') {
    return (
      <div style={{ textAlign: 'center', padding: 48 }}>
        <Spin aria-label={t('common.loading')} />
      </div>
    );
  }
  if (state.phase === 'missing') return <Result status="404" title={t('as.notFound')} />;
  if (state.phase === 'failed') {
    return (
      <Result
        status="error"
        title={t('as.failed')}
        extra={
          <Button type="primary" onClick={retry}>
            {t('as.retry')}
          </Button>
        }
      />
    );
  }
  const c = state.record;
  const statusText = (s: string) => (s ? t(`as.status.${s}` as 'as.status.applied') : '');
  const dash = (v: string | null | undefined) => v || '-';
  const offered = CASE_MOVES.filter(({ move, perm }) => canMove(c, move) && hasPermission(held, [perm]));
  const reasonText = reasons.find((r) => r.value === c.reason)?.label ?? c.reason;
  const photos = (c.photos ?? []).map(photoOf);
  const stateText = c.refundState ? t(`as.refundState.${c.refundState}` as 'as.refundState.sent') : '-';

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        size="small"
        title={
          <Space wrap>
            <span>
              {t('as.caseNo')} {c.caseNo}
            </span>
            <Tag color={STATUS_COLOR[c.status]}>{statusText(c.status)}</Tag>
            <Tag>{t(`as.type.${c.type}`)}</Tag>
          </Space>
        }
        extra={
          offered.length > 0 ? (
            <Flex gap={8} wrap>
              {offered.map(({ move }) => (
                <Button key={move} size="small" type={move === 'reject' ? 'default' : 'primary'} danger={move === 'reject'} onClick={() => moves.start(c, move)}>
                  {moves.label(move)}
                </Button>
              ))}
            </Flex>
          ) : null
        }
      >
        <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} aria-label={t('as.basic')}>
          <Descriptions.Item label={t('as.orderNo')}>
            <Link to={lookPath('order', c.orderId)}>{c.orderNo}</Link>
          </Descriptions.Item>
          <Descriptions.Item label={t('as.type')}>{t(`as.type.${c.type}`)}</Descriptions.Item>
          <Descriptions.Item label={t('as.customer')}>{dash(c.customerName)}</Descriptions.Item>
          <Descriptions.Item label={t('as.phone')}>{dash(c.phone)}</Descriptions.Item>
          <Descriptions.Item label={t('as.reason')}>{dash(reasonText)}</Descriptions.Item>
          <Descriptions.Item label={t('as.createTime')}>{dash(c.createTime)}</Descriptions.Item>
          <Descriptions.Item label={t('as.source')}>{c.source === 'open' || c.source === 'console' ? t(`as.source.${c.source}`) : dash(c.source)}</Descriptions.Item>
          <Descriptions.Item label={t('as.createBy')}>{dash(c.createBy)}</Descriptions.Item>
          <Descriptions.Item label={t('as.description')} span="filled">
            <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{dash(c.description)}</Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      </Card>

      <Card title={t('as.items')} size="small">
        <Table<CaseItem>
          size="small"
          rowKey="id"
          pagination={false}
          aria-label={t('as.items')}
          dataSource={c.items}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('as.item.name'), dataIndex: 'goodsName' },
            { title: t('as.item.spec'), dataIndex: 'specText', render: (v: string, i) => [v, i.skuCode].filter(Boolean).join(' · ') || '-' },
            { title: t('as.item.unitPrice'), dataIndex: 'unitPrice', align: 'right', render: (v: string) => formatYuan(v) },
            { title: t('as.item.quantity'), dataIndex: 'quantity', align: 'right' },
            { title: t('as.item.subtotal'), key: 'subtotal', align: 'right', render: (_, i) => formatYuan(timesYuan(i.unitPrice, i.quantity)) },
            { title: t('as.item.refunded'), dataIndex: 'refunded', align: 'right', render: (v: string) => (positive(v) ? formatYuan(v) : '-') },
          ]}
        />
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('as.money')} size="small" style={{ height: '100%' }}>
            <Descriptions size="small" column={1} aria-label={t('as.money')}>
              <Descriptions.Item label={t('as.amount')}>
                <Typography.Text strong style={right}>
                  {formatYuan(c.amount)}
                </Typography.Text>
              </Descriptions.Item>
              {positive(c.freight) ? <Descriptions.Item label={t('as.freight')}>{formatYuan(c.freight)}</Descriptions.Item> : null}
              <Descriptions.Item label={t('as.orderAmount')}>{formatYuan(c.orderAmount)}</Descriptions.Item>
              <Descriptions.Item label={t('as.orderRefunded')}>{formatYuan(c.orderRefunded || '0.00')}</Descriptions.Item>
              <Descriptions.Item label={t('as.refundState')}>{stateText}</Descriptions.Item>
              {c.provider ? <Descriptions.Item label={t('as.provider')}>{t(`as.provider.${c.provider}`)}</Descriptions.Item> : null}
              {c.voucherNo ? <Descriptions.Item label={t('as.voucherNo')}>{c.voucherNo}</Descriptions.Item> : null}
              {c.voucherFile ? (
                <Descriptions.Item label={t('as.voucherFile')}>
                  <Image src={apiUrl(c.voucherFile.readUrl)} alt={c.voucherFile.originalName} width={64} height={64} style={{ objectFit: 'cover' }} />
                </Descriptions.Item>
              ) : null}
              {c.refundNo ? <Descriptions.Item label={t('as.refundNo')}>{c.refundNo}</Descriptions.Item> : null}
              {c.refundTime ? <Descriptions.Item label={t('as.refundTime')}>{c.refundTime}</Descriptions.Item> : null}
              {c.instanceId ? (
                <Descriptions.Item label={t('as.approval')}>
                  <Link to={`/flowDetail?id=${c.instanceId}`}>{t('as.approvalLink')}</Link>
                </Descriptions.Item>
              ) : null}
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('as.shipment')} size="small" style={{ height: '100%' }}>
            {c.type === 'return' ? (
              <Descriptions size="small" column={1} aria-label={t('as.shipment')}>
                <Descriptions.Item label={t('as.returnAddress')}>{dash(c.returnAddress)}</Descriptions.Item>
                <Descriptions.Item label={t('as.returnCompany')}>
                  {dash(carriers.find((x) => x.value === c.returnCompany)?.label ?? c.returnCompany)}
                </Descriptions.Item>
                <Descriptions.Item label={t('as.returnTrackingNo')}>
                  {c.returnTrackingNo ? <Typography.Text copyable>{c.returnTrackingNo}</Typography.Text> : t('as.noShipment')}
                </Descriptions.Item>
                {c.damaged ? (
                  <Descriptions.Item label={t('as.damaged')}>
                    <Tag color="red">{t('as.damaged')}</Tag>
                  </Descriptions.Item>
                ) : null}
              </Descriptions>
            ) : (
              <Typography.Text type="secondary">{t('as.noReturn')}</Typography.Text>
            )}
          </Card>
        </Col>
      </Row>

      <Card title={t('as.photos')} size="small">
        {photos.length > 0 ? (
          <Image.PreviewGroup>
            <Space wrap>
              {photos.map((p) => (p.src ? <Image key={p.id} src={p.src} alt={p.name} width={96} height={96} style={{ objectFit: 'cover' }} /> : <Tag key={p.id}>{p.name}</Tag>))}
            </Space>
          </Image.PreviewGroup>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('as.noPhotos')} />
        )}
      </Card>

      <Card title={t('as.history')} size="small">
        {c.history.length > 0 ? (
          <Timeline
            style={{ marginTop: 8 }}
            items={c.history.map((h) => ({
              color: TIMELINE_COLOR[h.toStatus] ?? 'blue',
              children: (
                <div>
                  <div>
                    {h.fromStatus ? `${statusText(h.fromStatus)} → ${statusText(h.toStatus)}` : `${t('as.created')}（${statusText(h.toStatus)}）`}
                    {h.note ? (
                      <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                        {h.note}
                      </Typography.Text>
                    ) : null}
                  </div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {h.createTime}
                    <span style={{ marginLeft: 12 }}>{t('as.by', { who: h.operator || '-' })}</span>
                  </Typography.Text>
                </div>
              ),
            }))}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('as.noHistory')} />
        )}
      </Card>
      {moves.dialog}
    </Space>
  );
}
