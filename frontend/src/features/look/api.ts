import { http } from '@/shared/api';
import type { Schemas } from '@/shared/api/contract';

/** One goods item with its description, spec dimensions and SKUs (money as yuan text). */
export type GoodsDetail = Schemas['GoodsDetail'];
export type OrderDetail = Schemas['OrderDetailRow'];
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
