import { http } from '@/shared/api';
import type { Schemas } from '@/shared/api/contract';

export type GoodsDetail = Schemas['GoodsRow'];
export type OrderDetail = Schemas['OrderDetailRow'];
export type AgencyDetail = Schemas['AgencyLookRow'];

export const getGoods = (id: number) => http.get<GoodsDetail>(`/api/goods/${id}`);
export const getOrder = (id: number) => http.get<OrderDetail>(`/api/orders/${id}`);
export type ContractDetail = Schemas['ContractDetailRow'];
export const getContract = (id: number) => http.get<ContractDetail>(`/api/contracts/${id}`);
export const getAgency = (id: number) => http.get<AgencyDetail>(`/api/agencies/${id}`);
