import { http } from '@/shared/api';
import type { Schemas } from '@/shared/api/contract';

/** One goods item with its description, spec dimensions and SKUs (money as yuan text). */
export type GoodsDetail = Schemas['GoodsDetail'];
/** `refunded`: what its after-sales cases paid back (yuan text; issue 29, optional until the BFF's document has it). */
export type OrderDetail = Schemas['OrderDetailRow'] & { refunded?: string };
export type AgencyDetail = Schemas['AgencyLookRow'];

export const getGoods = (id: number) => http.get<GoodsDetail>(`/api/goods/${id}`);
export const getOrder = (id: number) => http.get<OrderDetail>(`/api/orders/${id}`);
export type ContractDetail = Schemas['ContractDetailRow'];
export const getContract = (id: number) => http.get<ContractDetail>(`/api/contracts/${id}`);
export const getAgency = (id: number) => http.get<AgencyDetail>(`/api/agencies/${id}`);
export type AgencyContract = Schemas['ContractRow'];
/** An agency's contracts for its detail page (the newest 50; the list page has the rest). */
export const listAgencyContracts = (agencyId: number) =>
  http.get<{ content: AgencyContract[]; totalElements: number }>('/api/contracts', { params: { agencyId, page: 0, size: 50 } });

/** An order's after-sales case as its detail lists it (GET /api/aftersales?orderNo=, issue 29). */
export interface OrderCase {
  id: number;
  caseNo: string;
  type: string;
  status: string;
  amount: string;
  createTime: string;
}
/** The cases of one order (50: more than any order has). */
export const listOrderCases = (orderNo: string) =>
  http.get<{ content: OrderCase[]; totalElements: number }>('/api/aftersales', { params: { orderNo, page: 0, size: 50 } });
/** The id of the case numbered `caseNo` (a 退款审批 names its case by number), or null. */
export async function findCaseId(caseNo: string): Promise<number | null> {
  const page = await listCasesByNo(caseNo);
  return page.content.find((c) => c.caseNo === caseNo)?.id ?? null;
}
const listCasesByNo = (caseNo: string) =>
  http.get<{ content: OrderCase[]; totalElements: number }>('/api/aftersales', { params: { caseNo, page: 0, size: 10 } });
