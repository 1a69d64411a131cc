import type { CaseDetail, CaseRow } from './api';

/** A case row as the BFF lists it (design: Row JSON). */
export function caseRow(id: number, status: CaseRow['status'], over: Partial<CaseRow> = {}): CaseRow {
  return {
    id,
    caseNo: `AS${id}`,
    orderId: 100 + id,
    orderNo: `NO${id}`,
    agencyId: null,
    type: 'return',
    status,
    reason: 'quality',
    description: '',
    amount: '47.98',
    freight: '0.00',
    customerName: '王五',
    phone: '138****5678',
    returnAddress: '',
    returnCompany: '',
    returnTrackingNo: '',
    damaged: false,
    provider: '',
    voucherNo: '',
    voucherFileId: null,
    refundNo: '',
    refundState: '',
    instanceId: null,
    source: 'open',
    createBy: 'shop',
    createTime: '2026-11-20 10:00:00',
    updateTime: '2026-11-20 10:00:00',
    refundTime: null,
    ...over,
  };
}

export function caseDetail(row: CaseRow, over: Partial<CaseDetail> = {}): CaseDetail {
  return {
    ...row,
    items: [{ id: 1, orderItemId: 11, skuCode: 'CUP-RED', goodsName: '马克杯', specText: '红色', unitPrice: '23.99', quantity: 2, refunded: '0.00' }],
    photos: [],
    history: [{ fromStatus: '', toStatus: 'applied', operator: 'shop', note: '', createTime: row.createTime }],
    orderAmount: '55.98',
    orderRefunded: '0.00',
    ...over,
  };
}
